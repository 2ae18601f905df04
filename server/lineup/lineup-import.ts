import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type { FestivalClock } from '../../shared/lineup/festival-day'
import type { LineupItem } from '../../shared/lineup/lineup.schema'
import { type AppDatabase, writeTransaction } from '../db/database'
import { saveLineup } from './lineup.repository'
import { formatOfPath, type LineupFileFormat, parseLineupFile } from './lineup-file'
import type { LineupProblem } from './lineup-problem'

export type ImportOutcome =
  | { ok: true; items: LineupItem[]; changed: boolean }
  | { ok: false; problems: LineupProblem[] }

export interface ImportOptions {
  clock: FestivalClock
  now: number
  /** Defaults to the file's extension. */
  format?: LineupFileFormat
  /** Validate only: report problems, store nothing. */
  dryRun?: boolean
}

/** Imports a JSON or CSV lineup file as a whole: all of it, or nothing and every problem. */
export async function importLineupFile(
  database: AppDatabase,
  path: string,
  options: ImportOptions,
): Promise<ImportOutcome> {
  const format = options.format ?? formatOfPath(path)
  if (!format) {
    const message = 'unknown file type: name it .json or .csv, or pass --format json|csv'
    return { ok: false, problems: [{ line: 1, message }] }
  }
  const parsed = parseLineupFile(await readFile(path, 'utf8'), format, options.clock)
  if (!parsed.ok) return parsed
  if (options.dryRun) return { ok: true, items: parsed.items, changed: false }
  const source = `file:${basename(path)}`
  const { changed } = await writeTransaction(database, (trx) =>
    saveLineup(trx, parsed.items, source, options.now),
  )
  return { ok: true, items: parsed.items, changed }
}
