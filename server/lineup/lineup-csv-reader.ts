import { CsvError, parse } from 'csv-parse/sync'
import { LINEUP_CSV_COLUMNS } from '../../shared/lineup/lineup.schema'
import type { LineupFileRowAt, LineupProblem, ReadRows } from './lineup-problem'

interface ParsedRecord {
  record: string[]
  raw: string
  info: { lines: number }
}

const KNOWN_COLUMNS = new Set<string>(LINEUP_CSV_COLUMNS)

/** The rows of a CSV lineup (a header naming the columns, then one set per row). */
export function readCsvRows(text: string): ReadRows {
  let records: ParsedRecord[]
  try {
    // Line endings are made uniform first: csv-parse miscounts lines in CRLF files with blanks.
    records = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      info: true,
      raw: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as ParsedRecord[]
  } catch (error) {
    if (!(error instanceof CsvError)) throw error
    const line = (error as CsvError & { lines?: number }).lines ?? 1
    return { rows: [], problems: [{ line, message: `not valid CSV: ${error.message}` }] }
  }
  const [header, ...body] = records
  if (!header) return { rows: [], problems: [] }
  const columns = header.record.map((column) => column.toLowerCase())
  const problems = checkHeader(columns, startLine(header))
  // Rows read under a broken header would only repeat its problems on every line.
  if (problems.length > 0) return { rows: [], problems }
  const rows: LineupFileRowAt[] = []
  for (const { record, ...position } of body) {
    const line = startLine({ record, ...position })
    if (record.length !== columns.length) {
      problems.push({
        line,
        message: `has ${record.length} fields but the header names ${columns.length}`,
      })
      continue
    }
    rows.push({ line, value: Object.fromEntries(columns.map((column, i) => [column, record[i]])) })
  }
  return { rows, problems }
}

function checkHeader(columns: string[], line: number): LineupProblem[] {
  const problems: LineupProblem[] = []
  const unknown = columns.filter((column) => !KNOWN_COLUMNS.has(column))
  if (unknown.length > 0) {
    problems.push({
      line,
      message: `unknown column ${unknown.map((c) => `"${c}"`).join(', ')}; the columns are ${LINEUP_CSV_COLUMNS.join(', ')}`,
    })
  }
  for (const required of ['name', 'stage']) {
    if (!columns.includes(required)) problems.push({ line, message: `no "${required}" column` })
  }
  if (!columns.includes('date') && !columns.includes('start')) {
    problems.push({ line, message: 'no "date" column (or "start" column to derive it from)' })
  }
  const duplicated = columns.filter((column, index) => columns.indexOf(column) !== index)
  if (duplicated.length > 0) problems.push({ line, message: `column "${duplicated[0]}" repeats` })
  return problems
}

// csv-parse reports the line a record ends on; a quoted field may span lines, and skipped
// blank lines come before the record in `raw`.
function startLine({ raw, info }: ParsedRecord): number {
  const body = raw.replace(/\n$/, '').replace(/^(?:[ \t]*\n)+/, '')
  return info.lines - (body.match(/\n/g)?.length ?? 0)
}
