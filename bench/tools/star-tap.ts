// `npx tsx bench/tools/star-tap.ts [CLIENT_DIR] [SETS] [TAPS]` (after a build): how long a tap on
// a set's star keeps a phone from answering, on the signed-in app's lineup with a festival-sized
// lineup (400 sets by default), at Lighthouse's mobile CPU slowdown (4×, CPU_RATE to change it).
// Each tap's Event Timing entry (what INP is made of: input delay, handlers and the render up to
// the next paint) is printed, then their median. INP's "good" is 200 ms or less. The taps star and
// unstar the first set of the day in turn; the server answers each at once, as on a good network.
import { resolve } from 'node:path'
import { createApiUser } from '../lib/api'
import { startLineupServer } from '../lib/lineup-start'

const clientDir = resolve(process.argv[2] ?? 'dist/client')
const sets = Number(process.argv[3] ?? 400)
const taps = Number(process.argv[4] ?? 6)
const start = await startLineupServer(clientDir, sets)
const { server, browser } = start
try {
  const user = await createApiUser(server.url, 'tapper')
  const page = await browser.newPage()
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true })
  await page.evaluateOnNewDocument((session) => {
    localStorage.setItem('vibeconnect.auth', session)
    localStorage.setItem('vibeconnect.main-section', 'lineup')
    // Every interaction's entry, however short (the default threshold is 104 ms).
    const entries: { name: string; duration: number }[] = []
    ;(window as { tapEntries?: typeof entries }).tapEntries = entries
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (entry.interactionId) entries.push({ name: entry.name, duration: entry.duration })
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
  }, JSON.stringify(user.session))
  await page.goto(server.url)
  const star = 'button[aria-label^="Star "]'
  await page.waitForSelector(star, { timeout: 60_000 })
  // The start's own work over (the live channel's catch-up included), so only the tap is timed.
  await new Promise((done) => setTimeout(done, 3000))
  const cdp = await page.createCDPSession()
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU_RATE ?? 4) })
  const durations: number[] = []
  for (let i = 0; i < taps; i++) {
    const before = await page.$eval(star, (button) => button.getAttribute('aria-pressed'))
    await page.$eval(star, (button) => button.scrollIntoView({ block: 'center' }))
    await page.tap(star)
    await page.waitForFunction(
      (selector, was) => document.querySelector(selector)?.getAttribute('aria-pressed') !== was,
      { timeout: 30_000 },
      star,
      before,
    )
    // The entry is reported after the next paint; give the star's request time to settle too.
    await new Promise((done) => setTimeout(done, 1500))
    const entries = await page.evaluate(
      () => (window as { tapEntries?: { name: string; duration: number }[] }).tapEntries ?? [],
    )
    const tap = Math.max(0, ...entries.map((entry) => entry.duration))
    durations.push(tap)
    await page.evaluate(() => {
      ;(window as { tapEntries?: unknown[] }).tapEntries!.length = 0
    })
  }
  const sorted = [...durations].sort((a, b) => a - b)
  console.info(
    `${sets} sets, star taps at ${process.env.CPU_RATE ?? 4}× CPU: ${durations.join(', ')} ms ` +
      `(median ${sorted[Math.floor(sorted.length / 2)]})`,
  )
} finally {
  await start.stop()
}
