import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'

interface ManifestChunk {
  file: string
  isDynamicEntry?: boolean
}

/**
 * The URL path of the script that holds `source` (a path under client/) when it loads on demand,
 * read from the build's manifest: the chunk's name and hash are the bundler's business.
 */
export function onDemandScriptOf(source: string): string {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<
    string,
    ManifestChunk
  >
  const chunk = manifest[source]
  if (!chunk?.isDynamicEntry) throw new Error(`${source} is not loaded on demand in this build`)
  return `/${chunk.file}`
}

/** Resolves once the page's main thread has nothing left to do (an idle callback has run). */
export const pageIsIdle = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())))
