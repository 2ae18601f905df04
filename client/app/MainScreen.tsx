import { useState } from 'react'
import type { Vibe } from '../../shared/vibes/vibe.schema'
import { useFestivalInfo } from '../features/festival/festival-info'
import { WifiCredit } from '../features/festival/WifiCredit'
import { LevelCard } from '../features/game/LevelCard'
import { useGameUpdates, usePendingInvite } from '../features/game/use-game-updates'
import { LineupCard } from '../features/lineup/LineupCard'
import { useLiveVibes } from '../features/vibes/live/use-live-vibes'
import { loadUpdateVibeForm, UpdateVibeModal } from '../features/vibes/UpdateVibeModal'
import { VibesFeed } from '../features/vibes/VibesFeed'
import { WifiPanel } from '../features/wifi/WifiPanel'
import { useRefreshWifiPass } from '../features/wifi/wifi.api'
import { usePreloadOnFirstInput } from '../lib/use-preload-on-first-input'
import { AppHeader } from './AppHeader'

/**
 * The main screen once I have a vibe: header, WiFi credit, lineup and the live feed. The features
 * do not know each other; this composes them and hands each what it needs.
 */
export function MainScreen({ me }: { me: Vibe }) {
  const [updating, setUpdating] = useState(false)
  const festival = useFestivalInfo()
  // My game's changes arrive on the live channel; a new level changes my WiFi pass's allowance.
  const onGameChange = useGameUpdates(useRefreshWifiPass())
  const liveStatus = useLiveVibes(me.userId, onGameChange)
  usePendingInvite()
  usePreloadOnFirstInput(loadUpdateVibeForm)

  return (
    <>
      <AppHeader me={me} />
      <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6">
        <h1 className="sr-only">VibeConnect</h1>
        <WifiCredit />
        <WifiPanel />
        <LevelCard />
        <LineupCard festival={festival} />
        <VibesFeed
          userId={me.userId}
          liveStatus={liveStatus}
          onUpdateVibe={() => setUpdating(true)}
        />
      </main>
      <UpdateVibeModal open={updating} onClose={() => setUpdating(false)} userId={me.userId} />
    </>
  )
}
