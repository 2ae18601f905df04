import { useId } from 'react'
import type { SignUpHour } from '../../../shared/organiser/organiser-stats.schema'
import { formatLocalMoment } from '../../lib/local-moment'

const BAR = 10
const HEIGHT = 120

const hourLabel = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })

/**
 * Sign-ups per hour as bars, drawn by hand (a chart library would weigh more than the whole
 * dashboard, ADR 035). Screen readers get a summary, and everyone the numbers as a table.
 */
export function SignUpChart({ hours }: { hours: readonly SignUpHour[] }) {
  const titleId = useId()
  const descId = useId()
  const max = Math.max(1, ...hours.map((hour) => hour.count))
  const total = hours.reduce((sum, hour) => sum + hour.count, 0)
  const busiest = hours.reduce((best, hour) => (hour.count > best.count ? hour : best), hours[0]!)
  const width = hours.length * BAR
  return (
    <figure>
      <p className="text-sm text-zinc-300" aria-hidden="true">
        Highest: {max} an hour
      </p>
      {/* Stretched to the card's width at a fixed height; the labels are HTML, so they stay sharp. */}
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-1 h-40 w-full border-b border-white/30"
      >
        <title id={titleId}>Sign-ups per hour, last {hours.length} hours</title>
        <desc id={descId}>
          {total} sign-ups in all
          {busiest.count > 0
            ? `; the busiest hour was ${formatLocalMoment(busiest.hour)} with ${busiest.count}`
            : ''}
          .
        </desc>
        {hours.map((hour, index) => {
          const height = (hour.count / max) * HEIGHT
          return (
            <rect
              key={hour.hour}
              x={index * BAR + 1}
              y={HEIGHT - height}
              width={BAR - 2}
              height={height}
              className="fill-fuchsia-400"
            />
          )
        })}
      </svg>
      <div aria-hidden="true" className="relative h-5 text-xs text-zinc-300">
        {hours.map((hour, index) =>
          index % 12 === 0 ? (
            <span
              key={hour.hour}
              className="absolute top-1"
              style={{ left: `${(index / hours.length) * 100}%` }}
            >
              {hourLabel(hour.hour)}
            </span>
          ) : null,
        )}
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-cyan-200">The numbers as a table</summary>
        <table className="mt-2 w-full text-left">
          <thead className="text-zinc-300">
            <tr>
              <th className="pr-3">Hour starting</th>
              <th>Sign-ups</th>
            </tr>
          </thead>
          <tbody>
            {hours.map((hour) => (
              <tr key={hour.hour} className="border-t border-white/10">
                <td className="pr-3">{formatLocalMoment(hour.hour)}</td>
                <td className="tabular-nums">{hour.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
