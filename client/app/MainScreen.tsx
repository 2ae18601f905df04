import { type ComponentProps, memo, type RefObject, useRef, useState } from 'react'
import type { FestivalInfo } from '../../shared/festival/festival.schema'
import { useFestivalInfo } from '../features/festival/festival-info'
import { WifiCredit } from '../features/festival/WifiCredit'
import { LevelCard } from '../features/game/LevelCard'
import { useGameUpdates, usePendingInvite } from '../features/game/use-game-updates'
import { LineupCard } from '../features/lineup/LineupCard'
import { ReminderSettings } from '../features/reminders/ReminderSettings'
import { MySchedule } from '../features/schedule/MySchedule'
import { SharedPicksBanner } from '../features/schedule/SharedPicksBanner'
import { useSchedule } from '../features/schedule/schedule.api'
import { useScheduleMarks } from '../features/schedule/use-schedule-marks'
import { type OpenedPicks, useSharedPicks } from '../features/schedule/use-shared-picks'
import type { LiveStatus } from '../features/vibes/live/live-connection'
import { useLiveVibes } from '../features/vibes/live/use-live-vibes'
import { ModerationNotice, type MyVibeShown } from '../features/vibes/ModerationNotice'
import { loadUpdateVibeForm, UpdateVibeModal } from '../features/vibes/UpdateVibeModal'
import { VibesFeed } from '../features/vibes/VibesFeed'
import { WifiPanel } from '../features/wifi/WifiPanel'
import { useRefreshWifiPass } from '../features/wifi/wifi.api'
import { usePreloadOnFirstInput } from '../lib/use-preload-on-first-input'
import { useScreenArrival } from '../lib/use-screen-arrival'
import { useWatchedValue, type WatchedValue } from '../lib/watched-value'
import { AppHeader } from './AppHeader'
import { type MainSections, SectionBar, SectionPanels, useMainSections } from './MainSections'
import { useLineupChanges } from './use-lineup-changes'

/**
 * The main screen once I have a vibe: header, WiFi credit and pass, my game, then the lineup,
 * the live feed and my schedule (`MainSections`). The features do not know each other; this
 * composes them and hands each what it needs: my stars and my crew's picks to the lineup's sets,
 * the live channel's lineup news to the lineup and my schedule.
 */
export function MainScreen({ me }: { me: MyVibeShown }) {
  const [updating, setUpdating] = useState(false)
  const festival = useFestivalInfo()
  const heading = useRef<HTMLHeadingElement>(null)
  useScreenArrival('main', 'VibeConnect', heading)
  const beside = useRef<HTMLDivElement>(null)
  // My game's changes arrive on the live channel; a new level changes my WiFi pass's allowance.
  const onGameChange = useGameUpdates(useRefreshWifiPass())
  const liveStatus = useLiveVibes(me.userId, onGameChange, useLineupChanges())
  usePendingInvite()
  usePreloadOnFirstInput(loadUpdateVibeForm)
  const shared = useSharedPicks(me.userId)

  // What changes often (the live channel's status, my stars and schedule) is read by the parts
  // that show it, not here: a change read here would render the whole screen again, in one task.
  const sections = useMainSections()
  const lineup = <MarkedLineupCard festival={festival} picks={shared.picks} />
  const content = {
    lineup,
    feed: (
      <LiveVibesFeed
        userId={me.userId}
        liveStatus={liveStatus}
        onUpdateVibe={() => setUpdating(true)}
      />
    ),
    schedule: (
      <MySchedule
        festival={festival}
        // Reminders are a feature of their own (client/features/reminders): composed in here.
        reminders={<ReminderSettings />}
      />
    ),
  }

  return (
    <>
      <AppHeader me={me}>
        {!sections.twoColumns && <SectionBarWithNews sections={sections} />}
      </AppHeader>
      <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 lg:max-w-7xl">
        <h1 ref={heading} tabIndex={-1} className="sr-only">
          VibeConnect
        </h1>
        <ModerationNotice me={me} onUpdate={() => setUpdating(true)} />
        <WifiCredit />
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <WifiPanel />
          <LevelCard />
        </div>
        {shared.picks && <SharedPicksBanner picks={shared.picks} onClose={shared.close} />}
        {sections.twoColumns ? (
          <div className="grid grid-cols-[minmax(0,1fr)_26rem] items-start gap-6">
            <SkipTheLineup to={beside} />
            {lineup}
            <div ref={beside} tabIndex={-1} className="flex flex-col gap-4 outline-none">
              <SectionBarWithNews sections={sections} />
              <SectionPanels sections={sections} content={content} />
            </div>
          </div>
        ) : (
          <SectionPanels sections={sections} content={content} />
        )}
      </main>
      <UpdateVibeModal open={updating} onClose={() => setUpdating(false)} userId={me.userId} />
    </>
  )
}

/** The lineup card with my stars and my crew's picks on its sets. */
const MarkedLineupCard = memo(function MarkedLineupCard(props: {
  festival: FestivalInfo | undefined
  picks: OpenedPicks | undefined
}) {
  return <LineupCard festival={props.festival} extras={useScheduleMarks(props.picks)} />
})

/**
 * Before the lineup beside the feed, for the keyboard: a festival's lineup has a star per set
 * (hundreds of Tab stops), and the feed and My schedule come after it. Shown when focused.
 */
function SkipTheLineup({ to }: { to: RefObject<HTMLElement | null> }) {
  return (
    <button
      type="button"
      onClick={() => to.current?.focus()}
      className="btn-secondary sr-only col-span-2 justify-self-start focus:not-sr-only"
    >
      Skip the lineup
    </button>
  )
}

/** The section tabs, with the count of programme changes on My schedule's. */
function SectionBarWithNews({ sections }: { sections: MainSections }) {
  const news = useSchedule().data?.stars.filter((star) => star.change).length ?? 0
  return <SectionBar sections={sections} news={news} />
}

/** The feed, with the live channel's status. */
function LiveVibesFeed({
  liveStatus,
  ...props
}: Omit<ComponentProps<typeof VibesFeed>, 'liveStatus'> & {
  liveStatus: WatchedValue<LiveStatus>
}) {
  return <VibesFeed {...props} liveStatus={useWatchedValue(liveStatus)} />
}
