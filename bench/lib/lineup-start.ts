import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import puppeteer, { type Browser } from 'puppeteer-core'
import { festivalLineup, importLineup } from '../../e2e/support/festival-lineup'
import { chromiumFlagsAfter, chromiumPath } from '../../scripts/chromium.mjs'
import { type BenchServer, startServer } from './server'

/** A fresh SQLite server with a generated lineup of `sets` sets, serving `clientDir`, and Chromium. */
export interface LineupStart {
  server: BenchServer
  browser: Browser
  /** Closes the browser, stops the server and removes its files. */
  stop(): Promise<void>
}

/** What the browser tools (`bench/tools/`) measure the signed-in app's start against. */
export async function startLineupServer(clientDir: string, sets: number): Promise<LineupStart> {
  const dir = mkdtempSync(join(tmpdir(), 'vc-lineup-start-'))
  const databaseUrl = `sqlite:${join(dir, 'app.db')}`
  importLineup(databaseUrl, festivalLineup(sets), join(dir, 'lineup.json'))
  const server = await startServer({
    databaseUrl,
    mailDir: join(dir, 'mail'),
    env: { CLIENT_DIST_DIR: clientDir },
  })
  const browser = await puppeteer.launch({
    executablePath: chromiumPath(),
    args: chromiumFlagsAfter(await puppeteer.defaultArgs()),
  })
  return {
    server,
    browser,
    async stop() {
      await browser.close()
      await server.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
