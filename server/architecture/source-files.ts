import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The server's own source files (no tests, test helpers or migrations), with their text. */
export function serverSources(): Array<{ path: string; text: string }> {
  return readdirSync('server', { recursive: true, encoding: 'utf8' })
    .map((name) => join('server', name))
    .filter(
      (path) =>
        path.endsWith('.ts') &&
        !path.endsWith('.test.ts') &&
        !path.startsWith(join('server', 'test')) &&
        !path.startsWith(join('server', 'db', 'migrations')) &&
        !path.startsWith(join('server', 'architecture')),
    )
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }))
}

/** The exported functions of a module's text: each one's signature line and body. */
export function exportedFunctions(text: string): Array<{ name: string; source: string }> {
  const starts = [...text.matchAll(/^export (?:async )?function (\w+)/gm)]
  return starts.map((match, i) => ({
    name: match[1]!,
    source: text.slice(match.index, starts[i + 1]?.index ?? text.length),
  }))
}
