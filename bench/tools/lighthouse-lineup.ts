// `npx tsx bench/tools/lighthouse-lineup.ts [SETS] [RUNS] [feed,lineup] [https,direct]` (after a
// build): Lighthouse's mobile profile on the signed-in app with a festival-sized lineup (300 sets
// by default, e2e/support/festival-lineup.ts), on a fresh SQLite server with 40 vibes, RUNS times
// each (3 by default), for the two ways a phone can open: the feed first (the default) and the
// lineup first (remembered from the last visit); and two ways to reach the app: as deployed,
// through the example nginx with HTTPS and HTTP/2 (`https`), and straight to the app's process
// over HTTP/1.1 (`direct`). Prints the runs and their medians.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Result } from 'lighthouse'
import { festivalLineup, importLineup } from '../../e2e/support/festival-lineup'
import { startNginx } from '../../server/test/nginx'
import { createApiUser } from '../lib/api'
import { startServer } from '../lib/server'
import { audit, slowdownNote } from '../measures/lighthouse'

const sets = Number(process.argv[2] ?? 300)
const runs = Number(process.argv[3] ?? 3)
const sections = (process.argv[4] ?? 'feed,lineup').split(',')
const routes = (process.argv[5] ?? 'https,direct').split(',')
const dir = mkdtempSync(join(tmpdir(), 'vc-lighthouse-lineup-'))
const databaseUrl = `sqlite:${join(dir, 'app.db')}`
importLineup(databaseUrl, festivalLineup(sets), join(dir, 'lineup.json'))
// CLIENT_DIST_DIR: audit another build (a variant being compared) with this server.
const clientDir = process.env.CLIENT_DIST_DIR
const server = await startServer({
  databaseUrl,
  mailDir: join(dir, 'mail'),
  env: clientDir ? { CLIENT_DIST_DIR: clientDir } : undefined,
})
const proxy = routes.includes('https') ? await startNginx([server.port]) : undefined
try {
  let user = await createApiUser(server.url, 'lighthouse')
  for (let i = 0; i < 40; i++) user = await createApiUser(server.url, `fan${i}`)
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  const urls = { https: proxy?.url, direct: server.url } as Record<string, string | undefined>
  const cases = sections.flatMap((section) => routes.map((route) => ({ section, route })))
  // Runs alternate between the cases, so a busy moment on the machine hits each alike.
  const results = new Map<string, Result[]>(cases.map((c) => [`${c.section}/${c.route}`, []]))
  for (let i = 0; i < runs; i++) {
    for (const { section, route } of cases) {
      const storage = { 'vibeconnect.main-section': section }
      const url = urls[route]
      if (!url) throw new Error(`unknown route ${route}: https or direct`)
      results
        .get(`${section}/${route}`)!
        .push(await audit(url, user.session, user.username, storage))
    }
  }
  for (const [name, lhrs] of results) {
    const perf = lhrs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100))
    const tbt = lhrs.map((lhr) => Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0))
    const lcp = lhrs.map(
      (lhr) => Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0) / 1000,
    )
    // The median run's report, for its long tasks and the rest (bench/results, not in git).
    const middle = [...lhrs].sort(
      (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
    )[Math.floor(lhrs.length / 2)]
    mkdirSync('bench/results', { recursive: true })
    writeFileSync(
      `bench/results/lighthouse-lineup-${name.replace('/', '-')}.json`,
      JSON.stringify(middle),
    )
    const a11y = lhrs.map((lhr) => Math.round((lhr.categories.accessibility?.score ?? 0) * 100))
    console.info(
      `${sets} sets, ${name.replace('/', ' first, ')}: performance ${perf.join(', ')} ` +
        `(median ${median(perf)}); TBT ${tbt.join(', ')} ms (median ${median(tbt)}); ` +
        `LCP ${lcp.join(', ')} s (median ${median(lcp)}); accessibility ${a11y.join(', ')}; ` +
        lhrs.map(slowdownNote).join('; '),
    )
  }
} finally {
  await proxy?.stop()
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
}
