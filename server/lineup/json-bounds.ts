const QUOTE = 0x22
const BACKSLASH = 0x5c
const NEWLINE = 0x0a
const COMMA = 0x2c
const OPEN_ARRAY = 0x5b
const OPEN_OBJECT = 0x7b
const CLOSE_ARRAY = 0x5d
const CLOSE_OBJECT = 0x7d

export interface JsonBounds {
  /** Arrays and objects nested in each other. */
  maxDepth: number
  /** Arrays, objects, their elements and members, all counted together. */
  maxValues: number
}

/** Which bound a JSON text broke first, and on which line. */
export interface JsonOutOfBounds {
  bound: keyof JsonBounds
  line: number
}

/**
 * Whether `json` would build a bigger tree than `bounds` allow, found in one pass that skips
 * strings and stops at the first bound broken: a hostile body is refused for the cost of
 * reading it, before `JSON.parse` spends a tenth of a second or more building half a million
 * arrays. Values are counted as containers plus commas (each comma adds an element or member).
 * No JSON parser we found takes such limits, hence this scan.
 */
export function jsonOutOfBounds(json: string, bounds: JsonBounds): JsonOutOfBounds | undefined {
  let depth = 0
  let values = 0
  let line = 1
  for (let index = 0; index < json.length; index++) {
    const char = json.charCodeAt(index)
    if (char === QUOTE) {
      // Valid JSON has no raw newline in a string, so lines are only counted outside them.
      index++
      while (index < json.length && json.charCodeAt(index) !== QUOTE) {
        index += json.charCodeAt(index) === BACKSLASH ? 2 : 1
      }
    } else if (char === NEWLINE) {
      line++
    } else if (char === OPEN_ARRAY || char === OPEN_OBJECT) {
      depth++
      values++
      if (depth > bounds.maxDepth) return { bound: 'maxDepth', line }
      if (values > bounds.maxValues) return { bound: 'maxValues', line }
    } else if (char === COMMA) {
      values++
      if (values > bounds.maxValues) return { bound: 'maxValues', line }
    } else if (char === CLOSE_ARRAY || char === CLOSE_OBJECT) {
      depth--
    }
  }
  return undefined
}
