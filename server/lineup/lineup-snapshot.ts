import { createHash } from 'node:crypto'
import type { LineupItem, LineupSet } from '../../shared/lineup/lineup.schema'
import { sortLineup } from '../../shared/lineup/lineup-grouping'

/** The lineup as stored: one document, its content hash and when its content last changed. */
export interface LineupSnapshot {
  items: LineupItem[]
  /** The items with their stable keys (`withSetKeys`), as the API serves them. */
  sets: LineupSet[]
  etag: string
  /** Where it came from: `demo`, `file:NAME` or `upstream:URL`. */
  source: string
  /** Milliseconds since the epoch. */
  lastUpdated: number
}

/** The canonical JSON of a lineup: sorted, with its keys in one order, so equal lineups match. */
export function lineupJson(items: readonly LineupItem[]): string {
  return JSON.stringify(
    // `id` last and absent when not given: a lineup without ids keeps the ETag it always had.
    sortLineup(items).map(({ name, stage, date, start, end, id }) => ({
      name,
      stage,
      date,
      start,
      end,
      id,
    })),
  )
}

/** A strong ETag for the canonical JSON: the same lineup always has the same tag. */
export function lineupEtag(json: string): string {
  return `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`
}

/**
 * Each set's stable key (docs/companion.md, "A set's identity"): `id.<id>` when the organiser gave
 * the set an id; otherwise `h.` and a hash of its festival day, stage and artist, so a set moved
 * to another hour keeps its stars. The rare artist on one stage twice in a day gets `.2`, `.3`…
 * in lineup order.
 */
export function withSetKeys(items: readonly LineupItem[]): LineupSet[] {
  const seen = new Map<string, number>()
  return items.map((item) => {
    let key = item.id === undefined ? `h.${fallbackHash(item)}` : `id.${item.id}`
    const times = (seen.get(key) ?? 0) + 1
    seen.set(key, times)
    if (times > 1) key = `${key}.${times}`
    return { key, ...item }
  })
}

const fallbackHash = ({ date, stage, name }: LineupItem) =>
  createHash('sha256').update(`${date}\n${stage}\n${name}`).digest('base64url').slice(0, 16)
