import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { Launcher, launch } from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import puppeteer from 'puppeteer-core'
import { chromiumFlagsAfter, chromiumPath } from '../../scripts/chromium.mjs'
import { hasNginx, startNginx } from '../../server/test/nginx'
import type { ApiSession } from '../lib/api'
import { log, type RunContext } from '../lib/context'
import { atLeast, atMost, type Metric, metric, round } from '../lib/metric'
import { benchmarkIndex, calibratedSlowdown } from './lighthouse-calibration'

const AUTH_STORAGE_KEY = 'vibeconnect.auth'

/**
 * Lighthouse's default (mobile) profile on the Auth screen and on the signed-in main app, each run
 * a few times; the run with the median performance score is reported, as Lighthouse advises. The
 * signed-in app twice: straight to the app's process (HTTP/1.1), and as deployed, through the
 * example nginx with HTTPS and HTTP/2.
 */
export async function measureLighthouse(ctx: RunContext): Promise<void> {
  if (!existsSync(chromiumPath())) {
    ctx.metrics.push(
      metric({
        id: 'lighthouse.skipped',
        label: 'Lighthouse',
        value: null,
        unit: '',
        note: `no browser at ${chromiumPath()}: set CHROMIUM_PATH or apt-get install chromium`,
      }),
    )
    return
  }
  const user = ctx.apiUsers[0]!
  const screens = [
    // The Auth screen is the one with a password field; the main app shows the user's own vibe.
    { id: 'auth', name: 'Auth screen', session: undefined, expect: 'input[type="password"]' },
    { id: 'main', name: 'signed-in main app', session: user.session, expect: user.username },
  ]
  for (const screen of screens) await measureScreen(ctx, ctx.server.url, screen)
  // As deployed (docs/deployment.md): through the example nginx, HTTPS and HTTP/2 (ADR 037).
  if (!hasNginx()) {
    log('lighthouse: nginx or openssl is not installed: the app is not measured behind nginx')
    return
  }
  const proxy = await startNginx([ctx.server.port])
  try {
    await measureScreen(ctx, proxy.url, {
      id: 'main-https',
      name: 'signed-in main app, through the HTTPS/HTTP/2 proxy',
      session: user.session,
      expect: user.username,
    })
  } finally {
    await proxy.stop()
  }
}

interface Screen {
  id: string
  name: string
  session: ApiSession | undefined
  expect: string
}

async function measureScreen(ctx: RunContext, url: string, screen: Screen) {
  const runs: Result[] = []
  for (let i = 0; i < ctx.plan.lighthouseRuns; i++) {
    runs.push(await auditWithRetry(url, screen.session, screen.expect))
  }
  runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'))
  const median = runs[Math.floor(runs.length / 2)]!
  mkdirSync('bench/results', { recursive: true })
  writeFileSync(`bench/results/lighthouse-${screen.id}.json`, JSON.stringify(median))
  log(
    `lighthouse ${screen.name}: performance ${runs.map((r) => score(r, 'performance')).join(', ')}`,
  )
  ctx.metrics.push(...lighthouseMetrics(screen.id, screen.name, median, runs.length))
}

// Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP); a retry is a new run.
const ATTEMPTS = 3

async function auditWithRetry(url: string, session: ApiSession | undefined, expect: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, session, expect)
    } catch (error) {
      if (attempt >= ATTEMPTS || !String(error).includes('Lighthouse:')) throw error
      log(`lighthouse attempt ${attempt} failed, retrying: ${String(error)}`)
    }
  }
}

/**
 * One audit in a fresh browser; `expect` is a CSS selector (`input…`) or text on the screen.
 * `storage` is more of the page's local storage before it starts (a remembered choice). The CPU
 * slowdown is calibrated to the machine's speed just before (ADR 038): the same phone every day.
 */
export async function audit(
  url: string,
  session: ApiSession | undefined,
  expect: string,
  storage: Record<string, string> = {},
) {
  // HTTPS here is the bench's own proxy, with a certificate made for the run.
  const https = url.startsWith('https:') ? ['--ignore-certificate-errors'] : []
  const chrome = await launch({
    chromePath: chromiumPath(),
    chromeFlags: [...chromiumFlagsAfter(Launcher.defaultFlags()), ...https],
  })
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
    const page = await browser.newPage()
    const cpuSlowdownMultiplier = calibratedSlowdown(await benchmarkIndex(page))
    // Where @supabase/auth-js keeps the session: the app starts signed in, as after a sign-in.
    const stored = session ? { ...storage, [AUTH_STORAGE_KEY]: JSON.stringify(session) } : storage
    if (Object.keys(stored).length > 0) {
      await page.evaluateOnNewDocument((entries) => {
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value)
      }, stored)
    }
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        throttling: { cpuSlowdownMultiplier },
      },
      undefined,
      page,
    )
    if (!result) throw new Error('Lighthouse returned no result')
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`)
    // A signed-in run that showed the sign-in form would measure the wrong screen.
    const shown = expect.startsWith('input')
      ? (await page.$(expect)) !== null
      : (await page.evaluate(() => document.body.textContent ?? '')).includes(expect)
    if (!shown) throw new Error(`the page under audit does not show ${expect}`)
    await browser.disconnect()
    return result.lhr
  } finally {
    chrome.kill()
  }
}

/** "machine benchmark index 1552, CPU 4.1× (calibrated)": the phone a run measured. */
export function slowdownNote(lhr: Result): string {
  const slowdown = lhr.configSettings.throttling.cpuSlowdownMultiplier
  return `machine benchmark index ${Math.round(lhr.environment.benchmarkIndex)}, CPU ${slowdown}× (calibrated)`
}

const score = (lhr: Result, category: string) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100)
const numeric = (lhr: Result, auditId: string) => lhr.audits[auditId]?.numericValue ?? Number.NaN

function lighthouseMetrics(id: string, name: string, lhr: Result, runs: number): Metric[] {
  const of = `Lighthouse mobile, ${name}`
  // The CPU slowdown is relative to this machine: its benchmark index (higher is faster) and the
  // slowdown calibrated to it (ADR 038) say which phone was measured.
  const speed = slowdownNote(lhr)
  const note = runs > 1 ? `median of ${runs} runs by performance score; ${speed}` : speed
  return [
    metric({
      id: `lighthouse.${id}.performance`,
      label: `${of}: performance`,
      value: score(lhr, 'performance'),
      unit: 'score',
      target: atLeast(95),
      note,
    }),
    metric({
      id: `lighthouse.${id}.accessibility`,
      label: `${of}: accessibility`,
      value: score(lhr, 'accessibility'),
      unit: 'score',
      target: atLeast(100),
    }),
    metric({
      id: `lighthouse.${id}.lcp`,
      label: `${of}: Largest Contentful Paint`,
      value: round(numeric(lhr, 'largest-contentful-paint') / 1000),
      unit: 's',
      target: atMost(2),
    }),
    metric({
      id: `lighthouse.${id}.tbt`,
      label: `${of}: Total Blocking Time`,
      value: round(numeric(lhr, 'total-blocking-time')),
      unit: 'ms',
      target: atMost(150),
      note: speed,
    }),
    metric({
      id: `lighthouse.${id}.cls`,
      label: `${of}: Cumulative Layout Shift`,
      value: round(numeric(lhr, 'cumulative-layout-shift')),
      unit: '',
      target: atMost(0.05),
    }),
  ]
}
