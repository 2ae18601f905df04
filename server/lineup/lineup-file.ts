import { extname } from 'node:path'
import type { FestivalClock } from '../../shared/lineup/festival-day'
import { readCsvRows } from './lineup-csv-reader'
import { readJsonRows } from './lineup-json-reader'
import { type LineupOrProblems, validateLineupRows } from './lineup-rows'

export type LineupFileFormat = 'json' | 'csv'

/** The format a file name implies (`.json` or `.csv`), if any. */
export function formatOfPath(path: string): LineupFileFormat | undefined {
  const extension = extname(path).toLowerCase()
  if (extension === '.json') return 'json'
  if (extension === '.csv') return 'csv'
  return undefined
}

/** Reads and validates a whole lineup file: the lineup, or every problem with its line. */
export function parseLineupFile(
  text: string,
  format: LineupFileFormat,
  clock: FestivalClock,
): LineupOrProblems {
  const read = format === 'csv' ? readCsvRows(text) : readJsonRows(text)
  if (read.rows.length === 0 && read.problems.length > 0)
    return { ok: false, problems: read.problems }
  const validated = validateLineupRows(read.rows, clock)
  const problems = [...read.problems, ...(validated.ok ? [] : validated.problems)]
  if (problems.length === 0) return validated
  // Stable sort: problems of one line keep the order they were found in.
  return { ok: false, problems: problems.sort((a, b) => a.line - b.line) }
}
