// `npx tsx bench/tools/profile-start.ts [CLIENT_DIR] [SETS] [SECTION]` (after a build): the
// signed-in app's start in Chromium at Lighthouse's mobile CPU slowdown (4×), with a V8 CPU
// profile and a trace of the page from navigation to 3 s after the user's name shows. Writes the
// profile to bench/results/profiles/start.cpuprofile and prints where the main thread's time
// went: by function (self time), by React component (inclusive), and each main-thread task over
// TASK_MS (50) with what it spent its time on and the functions sampled in it. SECTION `auth`
// profiles the sign-in screen of a first visit instead. CPU_RATE=1 loads
// unthrottled, as Lighthouse's simulation does before it multiplies (so a task over 12.5 ms there
// is a long task in Lighthouse); EXTRA_CSS adds a style to the page (an experiment);
// INVALIDATIONS=1 names the scripts that asked for each long layout. For readable names, profile
// an unminified build of the same commit:
//   npx vite build --minify false --outDir /tmp/start-dist && \
//   npx tsx bench/tools/profile-start.ts /tmp/start-dist 300 feed
import { mkdirSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { CDPSession } from 'puppeteer-core'
import { createApiUser } from '../lib/api'
import type { Profile, ProfileNode } from '../lib/cpu-profile'
import { startLineupServer } from '../lib/lineup-start'

const clientDir = resolve(process.argv[2] ?? 'dist/client')
const sets = Number(process.argv[3] ?? 300)
const section = process.argv[4] ?? 'feed'
const start = await startLineupServer(clientDir, sets)
const { server, browser } = start
try {
  let user = await createApiUser(server.url, 'profiled')
  for (let i = 0; i < 40; i++) user = await createApiUser(server.url, `fan${i}`)
  const page = await browser.newPage()
  // Lighthouse's mobile screen; the network is not throttled, so the profile is the CPU's story.
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true })
  // SECTION `auth`: the sign-in screen, as a first visit sees it (nothing stored).
  const signedIn = section !== 'auth'
  if (signedIn) {
    await page.evaluateOnNewDocument(
      (session, chosen) => {
        localStorage.setItem('vibeconnect.auth', session)
        localStorage.setItem('vibeconnect.main-section', chosen)
      },
      JSON.stringify(user.session),
      section,
    )
  }
  // EXTRA_CSS: a style to try on the page (an experiment: what a layout costs without a font).
  if (process.env.EXTRA_CSS) {
    await page.evaluateOnNewDocument((css) => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style')
        style.textContent = css
        document.head.append(style)
      })
    }, process.env.EXTRA_CSS)
  }
  const cdp = await page.createCDPSession()
  // CPU_RATE=1 sees what Lighthouse's simulation starts from: an unthrottled load.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU_RATE ?? 4) })
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  await page.tracing.start({
    // TRACE_CATEGORIES: more of Chromium's categories (e.g. `fonts,blink`) for `start-trace.json`.
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      ...(process.env.TRACE_CATEGORIES?.split(',') ?? []),
    ],
  })
  const started = Date.now()
  await page.goto(server.url)
  await page.waitForFunction(
    (name) => (name ? document.body.textContent?.includes(name) : document.querySelector('input')),
    { timeout: 60_000 },
    signedIn ? user.username : '',
  )
  const shownMs = Date.now() - started
  await new Promise((done) => setTimeout(done, 3000))
  const profile = await stopProfile(cdp)
  const trace = JSON.parse(Buffer.from((await page.tracing.stop())!).toString()) as {
    traceEvents: TraceEvent[]
  }
  mkdirSync('bench/results/profiles', { recursive: true })
  writeFileSync('bench/results/profiles/start.cpuprofile', JSON.stringify(profile))
  // The trace too, to open in DevTools' Performance panel (waits, timers, requests).
  writeFileSync('bench/results/profiles/start-trace.json', JSON.stringify(trace))
  console.info(`user's name shown ${shownMs} ms after navigation (4× CPU, unthrottled network)`)
  summarize(profile)
  longTasks(trace.traceEvents, profile)
} finally {
  await start.stop()
}

async function stopProfile(cdp: CDPSession): Promise<Profile> {
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile }
  return profile
}

function summarize(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id)
  const self = new Map<string, number>()
  const inclusive = new Map<string, number>()
  let busy = 0
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000
    const node = byId.get(id)!
    const name = label(node)
    if (name.startsWith('(idle)') || name.startsWith('(program)')) return
    busy += ms
    self.set(name, (self.get(name) ?? 0) + ms)
    // Inclusive time of components (capitalised functions), each counted once per sample.
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!
      if (/^[A-Z]/.test(frame.callFrame.functionName)) seen.add(label(frame))
    }
    for (const component of seen) inclusive.set(component, (inclusive.get(component) ?? 0) + ms)
  })
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => `  ${ms.toFixed(0).padStart(6)} ms  ${name}`)
      .join('\n')
  console.info(`main thread busy ${busy.toFixed(0)} ms (4× CPU)`)
  console.info(`by function, self time:\n${top(self, 30)}`)
  console.info(`by component, inclusive:\n${top(inclusive, 30)}`)
}

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: {
    name?: string
    data?: { url?: string; functionName?: string; requestId?: string }
    beginData?: { dirtyObjects?: number; totalObjects?: number }
    elementCount?: number
  }
}

/** The main thread's tasks over 50 ms (already at 4×), and what each spent its time on. */
function longTasks(events: TraceEvent[], profile: Profile) {
  // Of the renderers' main threads (blank pages, workers' hosts), the page's is the busiest.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const work = (thread: TraceEvent) =>
    events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X')
  const onMain = mains.map(work).sort((a, b) => b.length - a.length)[0]
  if (!onMain) return
  const threshold = Number(process.env.TASK_MS ?? 50) * 1000
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > threshold)
  const navigation = Math.min(...onMain.map((e) => e.ts))
  const total = onMain.filter((e) => e.name === 'RunTask').reduce((sum, e) => sum + (e.dur ?? 0), 0)
  console.info(
    `main thread tasks ${(total / 1000).toFixed(0)} ms in all; over ${threshold / 1000} ms:`,
  )
  // Lighthouse's TBT, roughly: each task after the first paint beyond 50 ms once scaled to 4×.
  // Its simulation differs, but this moves with it and varies less (compare two builds with it).
  const scale = 4 / Number(process.env.CPU_RATE ?? 4)
  const firstPaint = Math.min(...onMain.filter((e) => e.name === 'Paint').map((e) => e.ts))
  const blocking = onMain
    .filter((e) => e.name === 'RunTask' && e.ts >= firstPaint)
    .reduce((sum, e) => sum + Math.max(0, ((e.dur ?? 0) / 1000) * scale - 50), 0)
  console.info(`blocking time after the first paint, at 4×: ${blocking.toFixed(0)} ms`)
  for (const task of tasks) {
    const end = task.ts + task.dur!
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
    // What ran directly under the task: scripts by file, rendering work by kind.
    const parts = new Map<string, number>()
    for (const e of inside) {
      const covered = inside.some(
        (o) =>
          o !== e &&
          o.ts <= e.ts &&
          o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) &&
          (o.dur ?? 0) > (e.dur ?? 0),
      )
      if (covered) continue
      const url = e.args?.data?.url?.replace(/^.*\/assets\//, '') ?? ''
      const objects = e.args?.beginData?.dirtyObjects
      const detail = objects !== undefined ? `${objects}/${e.args?.beginData?.totalObjects}` : url
      const key = detail ? `${e.name} ${detail}` : e.name
      parts.set(key, (parts.get(key) ?? 0) + (e.dur ?? 0))
    }
    const list = [...parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, us]) => `${name} ${(us / 1000).toFixed(0)}`)
      .join(', ')
    console.info(
      `  at ${((task.ts - navigation) / 1000).toFixed(0).padStart(5)} ms: ${(task.dur! / 1000).toFixed(0)} ms (${list})`,
    )
    // What asked for a layout before it (INVALIDATIONS=1): the scripts' stacks, where known.
    if (process.env.INVALIDATIONS && inside.some((e) => e.name === 'Layout')) {
      const before = events.filter(
        (e) => e.name === 'InvalidateLayout' && e.ts < task.ts && e.ts > task.ts - 300_000,
      )
      const who = new Map<string, number>()
      for (const e of before) {
        const stack = (
          e.args?.data as { stackTrace?: { functionName: string; lineNumber: number }[] }
        )?.stackTrace
        const key =
          stack
            ?.slice(0, 3)
            .map((f) => `${f.functionName}:${f.lineNumber}`)
            .join(' < ') ?? '(no script)'
        who.set(key, (who.get(key) ?? 0) + 1)
      }
      for (const [key, n] of who) console.info(`        invalidated by ${key} ×${n}`)
    }
    const scripts = sampledIn(profile, task.ts, end)
    if (scripts) console.info(`        scripts: ${scripts}`)
  }
}

/** The functions the CPU profile caught in [from, to] (the trace's clock), with their callers. */
function sampledIn(profile: Profile, from: number, to: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id)
  const seen = new Map<string, number>()
  let at = profile.startTime ?? 0
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0
    if (at < from || at > to) return
    const node = byId.get(id)!
    if (/^\((idle|program|garbage)/.test(node.callFrame.functionName)) return
    // The innermost named function of the app (a component or hook), else the function itself.
    let name = label(node)
    for (let up: number | undefined = id; up !== undefined; up = parent.get(up)) {
      const frame = byId.get(up)!
      if (/^(use[A-Z]|[A-Z])/.test(frame.callFrame.functionName)) {
        name = label(frame)
        break
      }
    }
    seen.set(name, (seen.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0))
  })
  return [...seen]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, us]) => `${name} ${(us / 1000).toFixed(0)}`)
    .join(', ')
}

function label(node: ProfileNode) {
  const { functionName, url, lineNumber } = node.callFrame
  const file = url.replace(/^.*\/assets\//, '')
  return `${functionName || '(anonymous)'} ${file}${url ? `:${lineNumber + 1}` : ''}`
}
