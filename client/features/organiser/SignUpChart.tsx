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
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 -12 ${width} ${HEIGHT + 28}`}
        className="h-auto w-full"
      >
        <title id={titleId}>Sign-ups per hour, last {hours.length} hours</title>
        <desc id={descId}>
          {total} sign-ups in all
          {busiest.count > 0
            ? `; the busiest hour was ${formatLocalMoment(busiest.hour)} with ${busiest.count}`
            : ''}
          .
        </desc>
        <line x1="0" x2={width} y1={HEIGHT} y2={HEIGHT} className="stroke-white/30" />
        <text x="0" y="-2" className="fill-zinc-300 text-[9px]">
          {max} an hour
        </text>
        {hours.map((hour, index) => {
          const height = (hour.count / max) * HEIGHT
          return (
            <g key={hour.hour}>
              <rect
                x={index * BAR + 1}
                y={HEIGHT - height}
                width={BAR - 2}
                height={height}
                rx="1.5"
                className="fill-fuchsia-400"
              />
              {index % 12 === 0 ? (
                <text x={index * BAR} y={HEIGHT + 14} className="fill-zinc-300 text-[9px]">
                  {hourLabel(hour.hour)}
                </text>
              ) : null}
            </g>
          )
        })}
      </svg>
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
