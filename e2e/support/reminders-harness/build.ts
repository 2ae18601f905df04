import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from '@playwright/test'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

/** Where the page is served, on the app's own origin (the service worker's scope). */
export const HARNESS_PATH = '/__e2e/reminders/'

/** The built app's stylesheet: the page wears exactly what the app ships. */
function appStylesheet(): string {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<
    string,
    { isEntry?: boolean; css?: string[] }
  >
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)
  if (!entry?.css?.[0]) throw new Error('the build has no stylesheet: run the build first')
  return `/${entry.css[0]}`
}

/**
 * Builds the reminders test page (production React) into `folder` and serves it to `page` from
 * the app's origin, with the app's own stylesheet: every other request goes to the real server.
 */
export async function serveRemindersHarness(page: Page, folder: string): Promise<void> {
  // Vite reads a relative outDir from its root, this folder: make it the caller's.
  const outDir = resolve(folder)
  await build({
    configFile: false,
    root: import.meta.dirname,
    base: HARNESS_PATH,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  })
  await page.route(`**${HARNESS_PATH}**`, async (route) => {
    const path = new URL(route.request().url()).pathname.slice(HARNESS_PATH.length) || 'index.html'
    const type = path.endsWith('.js')
      ? 'text/javascript'
      : path.endsWith('.css')
        ? 'text/css'
        : 'text/html'
    let body = readFileSync(join(outDir, path))
    if (path === 'index.html') {
      const link = `<link rel="stylesheet" href="${appStylesheet()}">`
      body = Buffer.from(body.toString('utf8').replace('</head>', `${link}</head>`))
    }
    await route.fulfill({ body, contentType: type })
  })
}
