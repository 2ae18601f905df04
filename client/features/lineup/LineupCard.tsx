import { useId } from 'react'
import type { FestivalInfo } from '../../../shared/festival/festival.schema'
import { formatMoment } from '../../../shared/lineup/lineup-format'
import { RefreshIcon } from '../../components/icons'
import { usePreparedTimeZone } from '../../lib/use-prepared-time-zone'
import { LineupBrowser } from './LineupBrowser'
import { LineupLoading } from './LineupLoading'
import { type LineupQuery, useLineup } from './lineup.api'
import type { SetExtras } from './set-extras'
import { useLineupToasts } from './use-lineup-toasts'

interface LineupCardProps {
  /** The festival's identity and clock; undefined while it loads. */
  festival: FestivalInfo | undefined
  /** What the app adds to each set (the star toggle, who goes). */
  extras?: SetExtras
}

/**
 * The lineup card: the festival's name and year, Refresh, when the lineup last changed, then the
 * lineup one festival day at a time (`LineupBrowser`). Times are on the festival's clock,
 * whatever the device's, so they wait for `festival`.
 */
export function LineupCard({ festival, extras }: LineupCardProps) {
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

      {preparingZone ? (
        <LineupLoading />
      ) : (
        <LineupBody lineup={lineup} festival={festival} timeZone={timeZone} extras={extras} />
      )}
    </section>
  )
}

function LineupBody(props: {
  lineup: LineupQuery
  festival: FestivalInfo | undefined
  timeZone?: string
  extras?: SetExtras
}) {
  const { lineup, festival, timeZone, extras } = props
  if (lineup.data) {
    const sets = lineup.data.data
    if (sets.length === 0) return <p className="mt-6 text-zinc-300">No sets announced yet.</p>
    return <LineupBrowser sets={sets} festival={festival} timeZone={timeZone} extras={extras} />
  }
  // After a failure the last lineup stays (above); this is only for a first load that failed.
  if (lineup.isError) {
    return <p className="mt-6 text-zinc-300">The lineup could not be loaded. Try Refresh.</p>
  }
  return <LineupLoading />
}
