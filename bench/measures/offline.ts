import { existsSync } from 'node:fs'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/chromium.mjs'
import { log, type RunContext } from '../lib/context'
import { quantileOf } from '../lib/histogram'
import { type Metric, metric, round } from '../lib/metric'

const AUTH_STORAGE_KEY = 'vibeconnect.auth'

/** A festival's slow link, as Chromium emulates it for the page: 300 ms round trips, ~1.6 Mbit/s. */
const SLOW_LINK = {
  offline: false,
  latency: 300,
  downloadThroughput: 200 * 1024,
  uploadThroughput: 100 * 1024,
}

interface Visit {
  ms: number
  /** Bytes on the wire for the app's own files (HTML, scripts, CSS, manifest, icons). */
  shellBytes: number
  /** Bytes on the wire for the API's answers (the data: always from the network when online). */
  apiBytes: number
}

/**
 * A signed-in repeat visit (ADR 034), with the service worker and with service workers blocked:
 * the time from navigation to the feed on screen, and the bytes the page pulled over the network
 * (Chromium's encoded sizes; files answered by the worker or the HTTP cache count as 0).
 */
export async function measureOffline(ctx: RunContext): Promise<void> {
  if (!existsSync(chromiumPath())) {
    log(`offline: no browser at ${chromiumPath()}, skipped`)
    return
  }
  const user = ctx.apiUsers[0]
  if (!user) throw new Error('offline: no API user to sign in as')
  const runs = ctx.plan.quick ? 3 : 7
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_FLAGS],
  })
  try {
    for (const [worker, slow] of [
      [true, false],
      [false, false],
      [true, true],
      [false, true],
    ] as const) {
      const context = await browser.newContext({
        baseURL: ctx.server.url,
        serviceWorkers: worker ? 'allow' : 'block',
        viewport: { width: 390, height: 844 },
      })
      await context.addInitScript(
        ([key, value]) => {
          if (!window.localStorage.getItem(key!)) window.localStorage.setItem(key!, value!)
        },
        [AUTH_STORAGE_KEY, JSON.stringify(user.session)],
      )
      const visits = await repeatVisits(context, runs, worker, slow)
      await context.close()
      report(ctx.metrics, ctx.db.kind, worker, slow, visits)
    }
  } finally {
    await browser.close()
  }
}

async function repeatVisits(context: BrowserContext, runs: number, worker: boolean, slow: boolean) {
  // The first visit fills the caches (and installs the worker, which precaches the build).
  const first = await context.newPage()
  await first.goto('/')
  await feedOnScreen(first)
  if (worker) {
    await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  }
  await first.close()
  const visits: Visit[] = []
  for (let i = 0; i < runs; i++) visits.push(await visit(context, slow))
  return visits
}

async function visit(context: BrowserContext, slow: boolean): Promise<Visit> {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  const urls = new Map<string, string>()
  let shellBytes = 0
  let apiBytes = 0
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url))
  cdp.on('Network.loadingFinished', (event) => {
    const url = urls.get(event.requestId)
    if (!url) return
    const { pathname } = new URL(url)
    if (pathname.startsWith('/api/')) apiBytes += event.encodedDataLength
    else shellBytes += event.encodedDataLength
  })
  await cdp.send('Network.enable')
  if (slow) await cdp.send('Network.emulateNetworkConditions', SLOW_LINK)
  const started = performance.now()
  await page.goto('/')
  await feedOnScreen(page)
  const ms = performance.now() - started
  await page.close()
  return { ms, shellBytes, apiBytes }
}

const feedOnScreen = (page: Page) =>
  page.getByRole('heading', { name: "Who's Vibin'?" }).waitFor({ timeout: 30_000 })

function report(
  metrics: Metric[],
  database: string,
  worker: boolean,
  slow: boolean,
  visits: Visit[],
) {
  const median = (pick: (visit: Visit) => number) => quantileOf(visits.map(pick), 0.5)
  const label = `${worker ? 'with the service worker' : 'without a service worker'}${slow ? ', slow link (300 ms RTT)' : ''}`
  const id = `offline.${worker ? 'withWorker' : 'withoutWorker'}${slow ? '.slowLink' : ''}`
  log(
    `repeat visit ${label}: ${visits.map((each) => `${Math.round(each.ms)} ms/${each.shellBytes} B`).join(', ')}`,
  )
  metrics.push(
    metric({
      id: `${id}.ms`,
      label: `Signed-in repeat visit ${label}: navigation to the feed on screen (median of ${visits.length})`,
      database,
      value: round(median((each) => each.ms)),
      unit: 'ms',
    }),
    metric({
      id: `${id}.shellBytes`,
      label: `Signed-in repeat visit ${label}: the app's files over the network (median)`,
      database,
      value: median((each) => each.shellBytes),
      unit: 'B',
    }),
    metric({
      id: `${id}.apiBytes`,
      label: `Signed-in repeat visit ${label}: API answers over the network (median)`,
      database,
      value: median((each) => each.apiBytes),
      unit: 'B',
    }),
  )
}
