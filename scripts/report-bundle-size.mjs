// Prints the gzipped size of what the first screen loads and of the whole signed-in app.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = 'dist/client'
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))
const gzipped = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length

/** Files a chunk pulls in: static imports always, dynamic ones only when asked. */
function collect(key, { dynamic, skip }, seen = new Set()) {
  if (seen.has(key) || key === skip) return seen
  seen.add(key)
  const chunk = manifest[key]
  for (const next of chunk.imports ?? []) collect(next, { dynamic, skip }, seen)
  if (dynamic) for (const next of chunk.dynamicImports ?? []) collect(next, { dynamic, skip }, seen)
  return seen
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
const files = (keys) => [...keys].map((key) => manifest[key].file)
const css = (keys) => [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))]
const sum = (list) => list.reduce((total, file) => total + gzipped(file), 0)

/**
 * What the sign-in screen fetches on demand as soon as it is up, with no input: the auth client
 * (main.tsx) and the WiFi credit's name (AuthScreen). It counts as the first screen's all the same.
 * e2e/loading.spec.ts checks that the screen fetches exactly the files counted.
 */
const FIRST_SCREEN_ON_DEMAND = ['auth-client', 'features/festival/WifiProviderName.tsx']
const onDemandKey = (nameOrSource) => {
  const key = Object.keys(manifest).find(
    (candidate) => candidate === nameOrSource || manifest[candidate].name === nameOrSource,
  )
  if (!key) throw new Error(`no chunk for ${nameOrSource} in the manifest`)
  return key
}

const firstScreen = collect(entryKey, { dynamic: false })
for (const name of FIRST_SCREEN_ON_DEMAND) {
  collect(onDemandKey(name), { dynamic: false }, firstScreen)
}
// Plain scripts index.html loads from public/ (not in Vite's manifest): boot-watch.js.
const pageScripts = [
  ...readFileSync(join(dist, 'index.html'), 'utf8').matchAll(/<script src="\/([^"]+)"/g),
].map((match) => match[1])
const wholeApp = collect(entryKey, { dynamic: true })
// The moderators' and organisers' pages (ADR 035): in the whole app, but no fan's phone fetches them.
const withoutStaffPages = collect(entryKey, { dynamic: true, skip: 'routes/StaffPages.tsx' })
const report = {
  firstScreenJsGzipBytes: sum([...files(firstScreen), ...pageScripts]),
  firstScreenFiles: [...files(firstScreen), ...pageScripts].sort(),
  allJsGzipBytes: sum([...files(wholeApp), ...pageScripts]),
  staffPagesOnlyJsGzipBytes: sum(files(wholeApp)) - sum(files(withoutStaffPages)),
  cssGzipBytes: sum(css(wholeApp)),
}
writeFileSync('dist/bundle-size.json', `${JSON.stringify(report, null, 2)}\n`)
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
console.log('Bundle size (gzipped):')
console.log(`  JavaScript, first screen: ${kb(report.firstScreenJsGzipBytes)}`)
console.log(`  JavaScript, whole app:    ${kb(report.allJsGzipBytes)}`)
console.log(`    of which staff pages:   ${kb(report.staffPagesOnlyJsGzipBytes)}`)
console.log(
  `    a festival-goer's app:  ${kb(report.allJsGzipBytes - report.staffPagesOnlyJsGzipBytes)}`,
)
console.log(`  CSS:                      ${kb(report.cssGzipBytes)}`)
