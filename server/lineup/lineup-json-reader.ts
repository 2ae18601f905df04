import { LineupJsonFileSchema } from '../../shared/lineup/lineup.schema'
import { arrayElementLines } from './json-element-lines'
import type { ReadRows } from './lineup-problem'

/** The rows of a JSON lineup (an array, or an object with a `data` array), each with its line. */
export function readJsonRows(text: string): ReadRows {
  const json = text.replace(/^\uFEFF/, '')
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    const line = lineOfSyntaxError(json, reason)
    return { rows: [], problems: [{ line, message: `not valid JSON: ${reason}` }] }
  }
  const file = LineupJsonFileSchema.safeParse(parsed)
  if (!file.success) {
    return { rows: [], problems: [{ line: 1, message: file.error.issues[0]!.message }] }
  }
  const values = Array.isArray(file.data) ? file.data : file.data.data
  const lines = arrayElementLines(json, Array.isArray(file.data) ? undefined : 'data')
  const rows = values.map((value, index) => ({ line: lines[index] ?? 1, value }))
  return { rows, problems: [] }
}

// Node names either a line ("line 3 column 5") or an offset ("at position 42").
function lineOfSyntaxError(json: string, reason: string): number {
  const line = /line (\d+)/.exec(reason)
  if (line) return Number(line[1])
  const position = /position (\d+)/.exec(reason)
  if (!position) return 1
  return json.slice(0, Number(position[1])).split('\n').length
}
