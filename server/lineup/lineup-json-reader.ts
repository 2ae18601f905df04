import { LINEUP_MAX_SETS, LineupJsonFileSchema } from '../../shared/lineup/lineup.schema'
import { jsonOutOfBounds } from './json-bounds'
import { arrayElementLines } from './json-element-lines'
import { LINEUP_JSON_MAX_DEPTH, LINEUP_JSON_MAX_VALUES } from './lineup-limits'
import type { ReadRows } from './lineup-problem'

const BOUNDS = { maxDepth: LINEUP_JSON_MAX_DEPTH, maxValues: LINEUP_JSON_MAX_VALUES }
const OUT_OF_BOUNDS = {
  maxDepth: `nested more than ${LINEUP_JSON_MAX_DEPTH} levels deep; a lineup is a list of flat sets`,
  maxValues: `more than ${LINEUP_JSON_MAX_VALUES} values; a lineup is at most ${LINEUP_MAX_SETS} sets of a few fields`,
}

/** The rows of a JSON lineup (an array, or an object with a `data` array), each with its line. */
export function readJsonRows(text: string): ReadRows {
  const json = text.replace(/^\uFEFF/, '')
  const outOfBounds = jsonOutOfBounds(json, BOUNDS)
  if (outOfBounds) {
    const message = OUT_OF_BOUNDS[outOfBounds.bound]
    return { rows: [], problems: [{ line: outOfBounds.line, message }] }
  }
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
