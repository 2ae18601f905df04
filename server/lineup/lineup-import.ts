import { open } from 'node:fs/promises'
import { basename } from 'node:path'
import type { FestivalClock } from '../../shared/lineup/festival-day'
import type { LineupItem } from '../../shared/lineup/lineup.schema'
import { type AppDatabase, writeTransaction } from '../db/database'
import { saveLineup } from './lineup.repository'
import { formatOfPath, type LineupFileFormat, parseLineupFile } from './lineup-file'
import { describeCap, LINEUP_MAX_BYTES, mebibytes } from './lineup-limits'
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
  const read = await readFileWithin(path, LINEUP_MAX_BYTES)
  if (!read.ok) return { ok: false, problems: [{ line: 1, message: read.message }] }
  const parsed = parseLineupFile(read.text, format, options.clock)
  if (!parsed.ok) return parsed
  if (options.dryRun) return { ok: true, items: parsed.items, changed: false }
  const source = `file:${basename(path)}`
  const { changed } = await writeTransaction(database, (trx) =>
    saveLineup(trx, parsed.items, source, options.now),
  )
  return { ok: true, items: parsed.items, changed }
}

/**
 * A file's text if it is at most `maxBytes`. Its size is checked before anything is read, and
 * no more than `maxBytes + 1` bytes are ever read, so neither a huge file (a 42 MB one used
 * 682 MB) nor one without a size (a pipe, a device) can take the memory.
 */
async function readFileWithin(
  path: string,
  maxBytes: number,
): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  const handle = await open(path, 'r')
  try {
    const stats = await handle.stat()
    if (stats.isFile() && stats.size > maxBytes) {
      const message = `the file is ${mebibytes(stats.size)}, over ${describeCap(maxBytes)}; nothing was read`
      return { ok: false, message }
    }
    // One byte past the cap tells "over it" from "exactly it", whatever the size said.
    const buffer = Buffer.allocUnsafe(maxBytes + 1)
    let length = 0
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null)
      if (bytesRead === 0) break
      length += bytesRead
    }
    if (length > maxBytes)
      return { ok: false, message: `the file is over ${describeCap(maxBytes)}` }
    return { ok: true, text: buffer.toString('utf8', 0, length) }
  } finally {
    await handle.close()
  }
}
