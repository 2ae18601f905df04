import { useEffect, useId, useMemo, useRef } from 'react'
import { zonedParts } from '../../../shared/lineup/festival-day'
import type { LineupSet } from '../../../shared/lineup/lineup.schema'
import { formatClockTime, formatSetTimes } from '../../../shared/lineup/lineup-format'
import { useNowAs } from '../../lib/use-now'
import type { SetExtras } from './set-extras'
import { rowAt, SLOT_MINUTES, type TimetableBlock, timetableLayout } from './timetable-layout'

// One five-minute row: an hour is 7.2 rem, so a 30-minute set has room for its name and times.
const ROW_REM = 0.6
const HEADER_ROWS = 1
// The sticky stage names above and hours beside the sets.
const STAGE_ROW = '2.75rem'
const HOURS_COLUMN = '3.25rem'
const gridRow = (from: number, to: number) => `${from + HEADER_ROWS + 1} / ${to + HEADER_ROWS + 1}`

interface TimetableProps {
  /** The day's sets, already filtered. */
  sets: readonly LineupSet[]
  timeZone: string
  extras?: SetExtras
}

/**
 * The day as Clashfinder draws it, for wide screens: a column per stage, time running down on the
 * festival clock, each set a block as long as it lasts, and a line at the current time. It
 * scrolls inside itself, so the stage names and the hours stay in view. Screen readers get it
 * stage by stage: a heading, then the stage's sets in order.
 */
export function Timetable({ sets, timeZone, extras }: TimetableProps) {
  const headingId = useId()
  const layout = useMemo(
    () => timetableLayout(sets, (instant) => zonedParts(instant, timeZone).minute),
    [sets, timeZone],
  )
  // The line moves a row each five minutes: the grid renders again then, not on every tick.
  const nowRow = useNowAs((now) => rowAt(layout, now))
  const scroller = useRef<HTMLDivElement>(null)
  const nowLine = useRef<HTMLDivElement>(null)
  // During the festival today opens where it is now, a little above the line, as Clashfinder
  // does. Once, when drawn: the lineup draws a new timetable for each day (its `key`).
  useEffect(() => {
    if (!scroller.current || !nowLine.current) return
    scroller.current.scrollTop = nowLine.current.offsetTop - scroller.current.clientHeight / 4
  }, [])
  if (layout.blocks.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="text-lg font-semibold text-zinc-50">
        Timetable
      </h3>
      <div
        ref={scroller}
        className="scroll-hint-right mt-3 max-h-[75vh] overflow-auto rounded-xl border border-white/10 bg-night-950/40"
        // A set reached with Tab stops clear of the sticky stage names and hours, not under them.
        style={{ scrollPaddingTop: STAGE_ROW, scrollPaddingLeft: HOURS_COLUMN }}
      >
        <div
          className="relative grid"
          style={{
            gridTemplateColumns: `${HOURS_COLUMN} repeat(${layout.stages.length}, minmax(8.5rem, 1fr))`,
            gridTemplateRows: `${STAGE_ROW} repeat(${layout.rows}, ${ROW_REM}rem)`,
          }}
        >
          <div aria-hidden="true" className="sticky top-0 left-0 z-30 bg-night-900" />
          {layout.hours.map((hour) => (
            <div
              key={hour.at}
              aria-hidden="true"
              className="sticky left-0 z-10 border-t border-white/15 bg-night-900 px-1.5 pt-0.5 text-xs tabular-nums text-zinc-300"
              style={{ gridColumn: 1, gridRow: gridRow(hour.row, hour.row + 60 / SLOT_MINUTES) }}
            >
              {formatClockTime(hour.at, timeZone)}
            </div>
          ))}
          {layout.hours.map((hour) => (
            <div
              key={`line-${hour.at}`}
              aria-hidden="true"
              className="self-start border-t border-white/10"
              style={{ gridColumn: '2 / -1', gridRow: gridRow(hour.row, hour.row + 1) }}
            />
          ))}
          {layout.stages.map((stage, column) => (
            <StageColumn
              key={stage}
              stage={stage}
              column={column}
              blocks={layout.blocks.filter((block) => block.column === column)}
              timeZone={timeZone}
              extras={extras}
            />
          ))}
          {/* More stages to the right: the last column's edge fades (styles.css). */}
          <div
            aria-hidden="true"
            className="scroll-fade-right sticky right-0 z-20 w-10 justify-self-end"
            style={{ gridColumn: '-2 / -1', gridRow: '1 / -1' }}
          />
          {nowRow !== undefined && (
            <div
              ref={nowLine}
              aria-hidden="true"
              className="pointer-events-none z-20 self-start border-t-2 border-cyan-300"
              style={{ gridColumn: '2 / -1', gridRow: gridRow(nowRow, nowRow + 1) }}
            />
          )}
        </div>
      </div>
      {layout.untimed.length > 0 && (
        <p className="mt-2 text-sm text-zinc-300">
          Sets without a time yet are listed under By Date.
        </p>
      )}
    </section>
  )
}

interface StageColumnProps {
  stage: string
  column: number
  blocks: TimetableBlock<LineupSet>[]
  timeZone: string
  extras?: SetExtras
}

function StageColumn({ stage, column, blocks, timeZone, extras }: StageColumnProps) {
  const headingId = useId()
  const gridColumn = column + 2
  return (
    // `contents`: the heading and the sets are the grid's own items, placed by row and column.
    <section aria-labelledby={headingId} className="contents">
      <h4
        id={headingId}
        className="sticky top-0 z-20 flex items-center border-b border-white/15 bg-night-900 px-2 text-sm font-semibold text-cyan-200"
        style={{ gridColumn, gridRow: 1 }}
      >
        <span className="truncate">{stage}</span>
      </h4>
      <ol className="contents">
        {blocks.map(({ set, fromRow, toRow }) => (
          <li
            key={set.key}
            className={`relative m-0.5 overflow-hidden rounded-lg p-1.5 pr-9 text-xs ${
              extras?.marked?.(set)
                ? 'bg-amber-400/20 ring-2 ring-amber-300'
                : 'bg-fuchsia-500/20 ring-1 ring-fuchsia-400/40'
            }`}
            style={{ gridColumn, gridRow: gridRow(fromRow, toRow) }}
          >
            <p className="font-semibold break-words text-white">{set.name}</p>
            <p className="tabular-nums text-cyan-100">{formatSetTimes(set, timeZone)}</p>
            {extras?.note?.(set, 'timetable')}
            {extras?.action && (
              <span className="absolute top-0.5 right-0.5">{extras.action(set, 'timetable')}</span>
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}
