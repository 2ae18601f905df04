import { createHash } from 'node:crypto'
import type { LineupItem } from '../../shared/lineup/lineup.schema'
import { sortLineup } from '../../shared/lineup/lineup-grouping'

/** The lineup as stored: one document, its content hash and when its content last changed. */
export interface LineupSnapshot {
  items: LineupItem[]
  etag: string
  /** Where it came from: `demo`, `file:NAME` or `upstream:URL`. */
  source: string
  /** Milliseconds since the epoch. */
  lastUpdated: number
}

/** The canonical JSON of a lineup: sorted, with its keys in one order, so equal lineups match. */
export function lineupJson(items: readonly LineupItem[]): string {
  return JSON.stringify(
    sortLineup(items).map(({ name, stage, date, start, end }) => ({
      name,
      stage,
      date,
      start,
      end,
    })),
  )
}

/** A strong ETag for the canonical JSON: the same lineup always has the same tag. */
export function lineupEtag(json: string): string {
  return `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`
}
