// `npm start`: builds when the build is missing or older than the sources, then runs the server.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const SOURCES = ['client', 'server', 'shared', 'package.json', 'vite.config.ts']

function newestMtime(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

const stamp = 'dist/.build-stamp'
const stale =
  !existsSync(stamp) ||
  SOURCES.some((source) => existsSync(source) && newestMtime(source) > statSync(stamp).mtimeMs)
if (stale) {
  console.log('Building VibeConnect (first start, or the sources changed)...')
  const result = spawnSync('node', ['scripts/build.mjs'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
process.env.NODE_ENV ??= 'production'
await import(pathToFileURL('dist/server/main.js').href)
