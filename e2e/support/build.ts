import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'

interface ManifestChunk {
  file: string
  name?: string
  isDynamicEntry?: boolean
}

const manifest = () =>
  JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<
    string,
    ManifestChunk
  >

/**
 * The URL path of the script that holds `source` (a path under client/) when it loads on demand,
 * read from the build's manifest: the chunk's name and hash are the bundler's business.
 */
export function onDemandScriptOf(source: string): string {
  const chunk = manifest()[source]
  if (!chunk?.isDynamicEntry) throw new Error(`${source} is not loaded on demand in this build`)
  return `/${chunk.file}`
}

/**
 * The URL path of a shared chunk by the name the build gives it in its manifest (as
 * scripts/report-bundle-size.mjs finds it), such as `auth-client`, which holds auth-js.
 */
export function sharedScriptNamed(name: string): string {
  const chunks = Object.values(manifest()).filter((chunk) => chunk.name === name)
  if (chunks.length !== 1) throw new Error(`${chunks.length} chunks named ${name} in this build`)
  return `/${chunks[0]!.file}`
}

/** Matches requests for the script at `path`, for `page.route`. */
export const isScript = (path: string) => (url: URL) => url.pathname === path

/** Resolves once the page's main thread has nothing left to do (an idle callback has run). */
export const pageIsIdle = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())))
