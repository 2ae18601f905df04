import { useId, useMemo } from 'react'
import type { LineupSet } from '../../../shared/lineup/lineup.schema'
import { formatClockTime } from '../../../shared/lineup/lineup-format'
import { nowAndNext } from '../../../shared/lineup/now-and-next'
import { durationText } from '../../../shared/lineup/set-span'
import { useNowAs } from '../../lib/use-now'

/**
 * "Now and next": per stage, what is playing on the festival clock (and for how much longer) and
 * what starts next. It follows the page's shared clock (`useNow`) and the lineup it is given, so
 * it moves on as time passes and when a live change reloads the lineup. Nothing on and nothing
 * soon (before the festival, between nights): nothing shown.
 */
export function NowAndNext({ sets, timeZone }: { sets: readonly LineupSet[]; timeZone: string }) {
  const headingId = useId()
  // Minutes are what it shows: it renders again once a minute, not on every tick.
  const minute = useNowAs((now) => Math.floor(now / 60_000))
  const stages = useMemo(() => nowAndNext(sets, minute * 60_000), [sets, minute])
  if (stages.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h3 id={headingId} className="text-lg font-semibold text-zinc-50">
        Now and next
      </h3>
      {/* A strip that scrolls sideways on a phone, so fifteen stages take one card's height. Named
          by the heading: a browser puts a scroller in the Tab order, and announces its name. */}
      <ul
        aria-labelledby={headingId}
        className="scroll-hint-right mt-2 flex snap-x gap-2 overflow-x-auto pb-2 @3xl:grid @3xl:grid-cols-3 @3xl:overflow-visible"
      >
        {stages.map(({ stage, now: playing, next }) => (
          <li
            key={stage}
            className="w-64 shrink-0 snap-start rounded-xl border border-white/10 bg-night-800/70 p-3 text-sm @3xl:w-auto"
          >
            <p className="font-semibold text-cyan-200">{stage}</p>
            {playing ? (
              <p className="mt-1 text-zinc-100">
                Now: <strong className="font-semibold text-white">{playing.set.name}</strong>
                <span className="text-zinc-300"> · {durationText(playing.minutesLeft)} left</span>
              </p>
            ) : (
              <p className="mt-1 text-zinc-400">Nothing on now</p>
            )}
            {next && (
              <p className="mt-1 text-zinc-100">
                Next: <strong className="font-semibold text-white">{next.set.name}</strong>
                <span className="text-zinc-300">
                  {' '}
                  at{' '}
                  <time dateTime={next.set.start}>
                    {formatClockTime(next.set.start!, timeZone)}
                  </time>{' '}
                  · in {durationText(next.minutesUntil)}
                </span>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
