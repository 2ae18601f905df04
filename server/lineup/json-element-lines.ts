/**
 * The line on which each element of a JSON array starts: the root array, or the array under
 * the root object's `key`. `JSON.parse` forgets positions, so this re-scans text already known
 * to be valid JSON (which is why it needs no error handling). If the key repeats, the last
 * one wins, as in `JSON.parse`.
 */
export function arrayElementLines(json: string, key?: string): number[] {
  let lines: number[] = []
  let line = 1
  let depth = 0
  let targetDepth = -1
  let awaitingElement = false
  let lastRootString: string | undefined
  let rootKey: string | undefined

  for (let index = 0; index < json.length; index++) {
    const char = json[index]!
    if (char === '\n') line++
    if (char === ' ' || char === '\t' || char === '\n' || char === '\r') continue
    if (depth === targetDepth && awaitingElement && char !== ']') {
      lines.push(line)
      awaitingElement = false
    }
    if (char === '"') {
      const start = index
      index++
      while (json[index] !== '"') index += json[index] === '\\' ? 2 : 1
      if (depth === 1) lastRootString = JSON.parse(json.slice(start, index + 1)) as string
    } else if (char === ':') {
      if (depth === 1) rootKey = lastRootString
    } else if (char === ',') {
      if (depth === targetDepth) awaitingElement = true
      if (depth === 1) rootKey = undefined
    } else if (char === '[' || char === '{') {
      depth++
      const isTarget =
        char === '[' && (key === undefined ? depth === 1 : depth === 2 && rootKey === key)
      if (isTarget) {
        lines = []
        targetDepth = depth
        awaitingElement = true
      }
    } else if (char === ']' || char === '}') {
      if (depth === targetDepth) targetDepth = -1
      depth--
    }
  }
  return lines
}
