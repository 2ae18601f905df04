import type { Kysely } from 'kysely'
import type { LineupItem, LineupSet } from '../../shared/lineup/lineup.schema'
import type { AppDatabase, WriteHandle } from '../db/database'
import type { Database, LineupSnapshotsTable } from '../db/schema'
import { type LineupSnapshot, lineupEtag, lineupJson, withSetKeys } from './lineup-snapshot'

// The lineup is one document (ADR 007): one row, replaced as a whole.
const CURRENT = 'current'

/** The lineup now being served, or undefined before any lineup was stored. */
export async function findLineupSnapshot(
  database: AppDatabase | { db: Kysely<Database> },
): Promise<LineupSnapshot | undefined> {
  const row = await database.db
    .selectFrom('lineup_snapshots')
    .selectAll()
    .where('id', '=', CURRENT)
    .executeTakeFirst()
  return row && toSnapshot(row)
}

/**
 * Only the ETag of the lineup now being served: most requests are an unchanged lineup's 304,
 * which needs neither the document nor, on PostgreSQL, its transfer.
 */
export async function findLineupEtag(database: AppDatabase): Promise<string | undefined> {
  const row = await database.db
    .selectFrom('lineup_snapshots')
    .select('etag')
    .where('id', '=', CURRENT)
    .executeTakeFirst()
  return row?.etag
}

/**
 * Stores a lineup. Identical content changes nothing, not even `lastUpdated`; one upsert decides
 * that atomically, so two instances storing the same upstream lineup cannot bump it either.
 */
export async function saveLineup(
  trx: WriteHandle,
  items: readonly LineupItem[],
  source: string,
  now: number,
): Promise<{ changed: boolean; snapshot: LineupSnapshot }> {
  const row = toRow(items, source, now)
  const result = await trx
    .insertInto('lineup_snapshots')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet({
          items_json: row.items_json,
          etag: row.etag,
          source: row.source,
          last_updated: row.last_updated,
        })
        .where('lineup_snapshots.etag', '!=', row.etag),
    )
    .executeTakeFirst()
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) {
    return { changed: true, snapshot: toSnapshot(row) }
  }
  const current = await findLineupSnapshot({ db: trx })
  if (!current) throw new Error('the lineup vanished while it was being saved')
  return { changed: false, snapshot: current }
}

/** Stores a lineup only when none is stored yet (the demo at start-up); true if it did. */
export async function saveLineupIfNone(
  trx: WriteHandle,
  items: readonly LineupItem[],
  source: string,
  now: number,
): Promise<boolean> {
  const result = await trx
    .insertInto('lineup_snapshots')
    .values(toRow(items, source, now))
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

function toRow(items: readonly LineupItem[], source: string, now: number): LineupSnapshotsTable {
  const json = lineupJson(items)
  return { id: CURRENT, items_json: json, etag: lineupEtag(json), source, last_updated: now }
}

function toSnapshot(row: LineupSnapshotsTable): LineupSnapshot {
  let items: LineupItem[] | undefined
  let sets: LineupSet[] | undefined
  return {
    // Parsed on first use: an unchanged lineup (304, the common answer) never needs the items.
    get items() {
      items ??= JSON.parse(row.items_json) as LineupItem[]
      return items
    },
    get sets() {
      sets ??= withSetKeys(this.items)
      return sets
    },
    etag: row.etag,
    source: row.source,
    lastUpdated: Number(row.last_updated),
  }
}
