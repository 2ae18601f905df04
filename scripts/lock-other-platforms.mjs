#!/usr/bin/env node
// Adds lockfile entries for platform binaries the registry we install from does not carry.
//
// Packages such as Biome and Tailwind's oxide list one optional dependency per platform. When the
// registry answers 404 for the ones of other platforms (macOS, Windows, Android, musl…), `npm install`
// leaves them out of package-lock.json, and `npm ci` then refuses the lockfile as out of sync. An
// entry that names the platform is enough: npm ci sees the package is not for this machine and never
// fetches it. Run after `npm install` changes the lockfile: `node scripts/lock-other-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs'

const LOCKFILE = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(LOCKFILE, 'utf8'))
const packages = lock.packages

/** Reads os, cpu and libc from a platform package's name, e.g. `cli-linux-arm64-musl`. */
function platformOf(name) {
  const match =
    /(android|darwin|freebsd|linux|win32|wasm32)-([a-z0-9]+)(?:-(gnu|gnueabihf|musl|msvc|wasi))?$/.exec(
      name,
    )
  if (!match) return undefined
  const [, os, cpu, abi] = match
  if (os === 'wasm32') return { cpu: ['wasm32'] }
  const platform = { os: [os], cpu: [cpu] }
  if (abi === 'musl') platform.libc = ['musl']
  if (abi === 'gnu' || abi === 'gnueabihf') platform.libc = ['glibc']
  return platform
}

let added = 0
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path === '' ? '' : `${path}/`
    const nested = `${base}node_modules/${name}`
    const hoisted = `node_modules/${name}`
    if (packages[nested] || packages[hoisted]) continue
    const platform = platformOf(name)
    if (!platform) {
      console.warn(`skipped ${name}: not a platform package, run npm install again`)
      continue
    }
    packages[hoisted] = {
      version,
      ...platform,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
    }
    added += 1
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
)
writeFileSync(LOCKFILE, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`lockfile: ${added} entries added for other platforms`)
