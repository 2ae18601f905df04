import type { ZoneOffsets } from './zone-offsets'

/**
 * Zones whose offsets the server sent (`/api/festival`): in the browser, their wall-clock times
 * are worked out from the table (`zonedParts`), and ICU's zone data is never loaded for them.
 * A module of its own: the first screen registers the table without loading the lineup's code.
 */
const offsetTables = new Map<string, ZoneOffsets>()

/** Lets `zonedParts` use a zone's offset table for the instants within its window. */
export function registerOffsetTable(table: ZoneOffsets): void {
  offsetTables.set(table.timeZone, table)
}

export function offsetTableFor(timeZone: string): ZoneOffsets | undefined {
  return offsetTables.get(timeZone)
}

/** Whether instants around now in `timeZone` are read from an offset table, without ICU. */
export function hasOffsetTable(timeZone: string, now = Date.now()): boolean {
  const table = offsetTables.get(timeZone)
  return table !== undefined && offsetFromTable(table, now) !== undefined
}

/** The offset (minutes) the table gives an instant, or undefined outside the table's window. */
export function offsetFromTable(table: ZoneOffsets, at: number): number | undefined {
  if (!(at >= table.from && at < table.until)) return undefined
  let minutes = table.changes[0]!.minutes
  for (const change of table.changes) {
    if (change.at > at) break
    minutes = change.minutes
  }
  return minutes
}
