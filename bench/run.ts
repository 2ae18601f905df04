// `npm run bench [-- --quick] [-- --only=feed,live] [-- --profile]`: builds, starts the server in
// production mode on a temporary database, seeds it, measures, and writes bench/results/.
import { spawnSync } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FULL_PLAN, QUICK_PLAN } from './config'
import { log } from './lib/context'
import { type BenchDatabase, tempPostgres, tempSqlite } from './lib/databases'
import { currentLoad, describeMachine } from './lib/machine'
import type { Metric } from './lib/metric'
import { writeReport } from './lib/report'
import { measureBundle } from './measures/bundle'
import { GROUPS, type Group, runOnDatabase } from './run-database'

const args = process.argv.slice(2)
const quick = args.includes('--quick')
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
const unknown = only?.filter((group) => !GROUPS.includes(group as Group))
if (unknown?.length) {
  console.error(`unknown group(s): ${unknown.join(', ')}; choose from ${GROUPS.join(', ')}`)
  process.exit(2)
}
const wants = (group: Group) => !only || only.includes(group)
const plan = quick ? QUICK_PLAN : FULL_PLAN
const postgresUrl = process.env.BENCH_DATABASE_URL || undefined
const nodeArgs = args.includes('--profile')
  ? ['--cpu-prof', '--cpu-prof-dir=bench/results/profiles', '--heapsnapshot-signal=SIGUSR2']
  : []

process.chdir(resolve(dirname(fileURLToPath(import.meta.url)), '..'))
const startedAt = new Date().toISOString()

try {
  const machine = await describeMachine(postgresUrl)
  if (!args.includes('--no-build')) {
    log('building (node scripts/build.mjs)')
    const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' })
    if (built.status !== 0) throw new Error(`build failed with exit code ${built.status}`)
  }
  const metrics: Metric[] = wants('bundle') ? measureBundle() : []
  const databases: Array<() => Promise<BenchDatabase>> = [async () => tempSqlite()]
  if (postgresUrl) databases.push(() => tempPostgres(postgresUrl))
  for (const [index, open] of databases.entries()) {
    const db = await open()
    log(`--- ${db.kind} ---`)
    // The browser measures don't depend on the database: one run is enough.
    const groups = GROUPS.filter(
      (group) => wants(group) && (index === 0 || (group !== 'lighthouse' && group !== 'offline')),
    )
    await runOnDatabase({ db, plan, groups, nodeArgs, metrics })
  }
  machine.loadAfter = currentLoad()
  const base = writeReport({
    startedAt,
    finishedAt: new Date().toISOString(),
    mode: quick ? 'quick' : 'full',
    commit: gitCommit(),
    machine,
    metrics,
  })
  const failed = metrics.filter((m) => m.pass === false).length
  log(`wrote ${base}.md and ${base}.json: ${metrics.length} figures, ${failed} below target`)
  // Budgets are reported, not enforced: only a crash (above or below) exits non-zero.
  process.exit(0)
} catch (error) {
  console.error('bench crashed:', error)
  process.exit(1)
}

function gitCommit(): string {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' })
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], {
    encoding: 'utf8',
  })
  return `${head.stdout.trim() || 'unknown'}${dirty.stdout.trim() ? '+changes' : ''}`
}
