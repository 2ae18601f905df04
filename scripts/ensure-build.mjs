// Builds the app when the build is missing or older than its sources (`npm start`, the CLIs).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const SOURCES = ['client', 'server', 'shared', 'package.json', 'vite.config.ts']
const STAMP = 'dist/.build-stamp'

function newestMtime(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

export function ensureBuild() {
  const stale =
    !existsSync(STAMP) ||
    SOURCES.some((source) => existsSync(source) && newestMtime(source) > statSync(STAMP).mtimeMs)
  if (!stale) return
  console.log('Building VibeConnect (first start, or the sources changed)...')
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
