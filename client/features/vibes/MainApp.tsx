import { useState } from 'react'
import { usePreloadOnFirstInput } from '../../lib/use-preload-on-first-input'
import type { Vibe } from '../../../shared/vibes/vibe.schema'
import { LineupCard } from '../lineup/LineupCard'
import { AppHeader } from './AppHeader'
import { useLiveVibes } from './live/use-live-vibes'
import { loadUpdateVibeForm, UpdateVibeModal } from './UpdateVibeModal'
import { VibesFeed } from './VibesFeed'
import { WifiCredit } from './WifiCredit'

/** The main screen once I have a vibe: header, WiFi credit, lineup and the live feed. */
export function MainApp({ me }: { me: Vibe }) {
  const [updating, setUpdating] = useState(false)
  const liveStatus = useLiveVibes(me.userId)
  usePreloadOnFirstInput(loadUpdateVibeForm)

  return (
    <>
      <AppHeader me={me} />
      <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6">
        <h1 className="sr-only">VibeConnect</h1>
        <WifiCredit />
        <LineupCard />
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
