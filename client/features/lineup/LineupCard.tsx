import { useDeferredValue, useId } from 'react'
import type { FestivalInfo } from '../../../shared/festival/festival.schema'
import type { LineupItem } from '../../../shared/lineup/lineup.schema'
import { formatMoment } from '../../../shared/lineup/lineup-format'
import { RefreshIcon } from '../../components/icons'
import { LineupByDate } from './LineupByDate'
import { LineupByStage } from './LineupByStage'
import { type LineupQuery, useLineup } from './lineup.api'
import { useLineupToasts } from './use-lineup-toasts'
import { usePreparedTimeZone } from './use-prepared-time-zone'

/**
 * The lineup card: the festival's name and year, Refresh, when the lineup last changed, then the
 * sets by festival day and by stage. Times are on the festival's clock, whatever the device's,
 * so they wait for `festival` (undefined while it loads).
 */
export function LineupCard({ festival }: { festival: FestivalInfo | undefined }) {
  const headingId = useId()
  const lineup = useLineup()
  useLineupToasts(lineup)
  // Until the festival's zone is known, times are left out rather than shown in the wrong zone.
  const timeZone = usePreparedTimeZone(festival?.timeZone)
  // Known but its formatters not built yet (one task): wait, rather than draw the sets twice.
  const preparingZone = festival?.timeZone !== undefined && timeZone === undefined

  return (
    <section aria-labelledby={headingId} className="card @container">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-widest text-fuchsia-300 uppercase">Lineup</p>
          <h2 id={headingId} className="text-xl font-bold text-zinc-50 sm:text-2xl">
            {festival ? `${festival.name} ${festival.year}` : 'Festival lineup'}
          </h2>
          {lineup.data && timeZone && (
            <p className="mt-1 text-sm text-zinc-300">
              Last updated{' '}
              <time dateTime={lineup.data.lastUpdated}>
                {formatMoment(lineup.data.lastUpdated, timeZone)}
              </time>
            </p>
          )}
        </div>
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus. */}
        <button
          type="button"
          className="btn-secondary aria-disabled:cursor-wait aria-disabled:opacity-70"
          onClick={() => {
            if (!lineup.isFetching) void lineup.refetch()
          }}
          aria-disabled={lineup.isFetching}
        >
          <RefreshIcon
            width="18"
            height="18"
            className={lineup.isFetching ? 'animate-spin motion-reduce:animate-none' : undefined}
          />
          Refresh
        </button>
      </div>

      {preparingZone ? <LineupLoading /> : <LineupBody lineup={lineup} timeZone={timeZone} />}
    </section>
  )
}

function LineupBody({ lineup, timeZone }: { lineup: LineupQuery; timeZone?: string }) {
  if (lineup.data) {
    const sets = lineup.data.data
    if (sets.length === 0) return <p className="mt-6 text-zinc-300">No sets announced yet.</p>
    return <LineupSets sets={sets} timeZone={timeZone} />
  }
  // After a failure the last lineup stays (above); this is only for a first load that failed.
  if (lineup.isError) {
    return <p className="mt-6 text-zinc-300">The lineup could not be loaded. Try Refresh.</p>
  }
  return <LineupLoading />
}

// The loaded lineup is several screens tall: hold a screen's height meanwhile, so the feed below
// starts out of view instead of jumping down when the sets arrive (layout shift).
function LineupLoading() {
  return (
    <p role="status" className="mt-6 min-h-dvh text-zinc-300">
      Loading lineup...
    </p>
  )
}

/**
 * The sets twice over (by date, by stage) are hundreds of elements. They are drawn in a render
 * React can interrupt, after the screen around them has shown, so a slow phone's main thread is
 * never held for the whole lineup at once; until then the card holds its loading height.
 */
function LineupSets({ sets, timeZone }: { sets: LineupItem[]; timeZone?: string }) {
  const drawn = useDeferredValue(true, false)
  if (!drawn) return <LineupLoading />
  return (
    <>
      <LineupByDate sets={sets} timeZone={timeZone} />
      <LineupByStage sets={sets} />
    </>
  )
}
