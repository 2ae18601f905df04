// `npm test`: every suite (unit and component, integration on SQLite and PostgreSQL, scale-out,
// the openNDS lab, browser), then one total. Outside CI a suite that cannot run here (no browser,
// no PostgreSQL, not root or no openNDS) is skipped with a notice and its tests count as skipped;
// in CI it fails. In CI a failed test is tried once more: one that then passes is flaky, counted
// and named apart from the passed ones, and a test flaky in two runs in a row fails the run
// (docs/reliability.md, "Flaky tests").
import { spawn, spawnSync } from 'node:child_process'
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { labProblems } from '../server/wifi/lab/preflight.mjs'
import { chromiumPath } from './chromium.mjs'
import { createE2eDatabase, dropE2eDatabase } from './e2e-database.mjs'
import { e2ePorts, e2eTmpDir } from './e2e-run.mjs'
import { exitUnlessSupported } from './node-version.mjs'
import { firstLine, namesWithErrors } from './test-summary.mjs'

exitUnlessSupported()

const { values } = parseArgs({ options: { only: { type: 'string' } } })
const inCI = process.env.CI === 'true' || process.env.CI === '1'
const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 }
const notices = []
/**
 * Everything that failed, by name, repeated at the end with the start of its error, so a long log's
 * tail says what broke and why (CI may keep only the tail).
 */
const failures = []
/** The start of each failure's error, by name (where one is known). */
const failureErrors = new Map()
/** The tests that passed only on a retry in this run, by suite. */
const flakyNow = {}
/** The start of the error each of those threw on its failed try, by name: a fuzz seed to replay. */
const flakyErrors = new Map()

// Flaky tests of the previous run, kept outside the checkout in CI, whose every run is a fresh clone.
const FLAKY_RECORD =
  process.env.TEST_FLAKY_RECORD ??
  (inCI ? join(homedir(), '.cache/vibeconnect/flaky-tests.json') : '.tmp/flaky-tests.json')

mkdirSync('.tmp', { recursive: true })

/** Counts one failure and names it, with the error it threw when there is one. */
function fail(name, error = '') {
  failures.push(name)
  if (error) failureErrors.set(name, error)
  totals.failed += 1
}

/**
 * A suite that cannot run here: in CI a failure; otherwise a notice, and its tests (as many as
 * `countTests` finds, or at least one per suite) count as skipped.
 */
function missing(what, how, countTests, suites) {
  if (inCI) {
    console.error(`\n✗ ${what} missing and CI=true: ${how}`)
    fail(`${what}: cannot run (CI=true): ${how}`)
    return
  }
  const tests = countTests()
  totals.skipped += tests ?? suites
  const counted = tests === undefined ? `${suites} suites` : `${tests} tests`
  notices.push(`${what} skipped (${counted} counted as skipped): ${how}`)
}

function run(cmd, args, env = {}) {
  return spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1
}

/** Runs Vitest quietly to list tests; the number of tests, or undefined if listing failed. */
function countVitestTests(args, env) {
  const list = '.tmp/vitest-list.json'
  rmSync(list, { force: true })
  spawnSync('npx', ['vitest', 'list', `--json=${list}`, ...args], {
    stdio: 'ignore',
    env: { ...process.env, ...env },
  })
  return existsSync(list) ? JSON.parse(readFileSync(list, 'utf8')).length : undefined
}

/** Lists the browser stories without running them; their number, or undefined. */
function countBrowserTests(env, args = []) {
  const list = '.tmp/e2e-list.json'
  rmSync(list, { force: true })
  spawnSync('npx', ['playwright', 'test', '--list', '--reporter=json', ...args], {
    stdio: 'ignore',
    env: { ...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: list },
  })
  if (!existsSync(list)) return undefined
  return playwrightTests(JSON.parse(readFileSync(list, 'utf8')).suites).length
}

/** Vitest's arguments and environment for one suite, its totals going to `summaryFile`. */
function vitestCommand(args, env, summaryFile) {
  return {
    args: [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=./scripts/vitest-summary-reporter.ts',
      ...args,
    ],
    env: { ...env, VITEST_SUMMARY_FILE: summaryFile },
  }
}

/** Runs Vitest; `suite` starts the name of each of its failures (`vitest: [project] file > test`). */
function runVitest(suite, title, args = [], env = {}) {
  const summaryFile = `.tmp/vitest-${suite}.json`
  rmSync(summaryFile, { force: true })
  console.log(`\n=== ${title} ===`)
  const command = vitestCommand(args, env, summaryFile)
  const status = run('npx', command.args, command.env)
  countVitest(suite, status, summaryFile)
}

/** Adds a finished Vitest run's totals, failures and flaky tests to this run's. */
function countVitest(suite, status, summaryFile) {
  if (!existsSync(summaryFile)) {
    fail(`${suite}: did not run (Vitest exited with ${status}; see its output above)`)
    return
  }
  /** @type {import('./vitest-summary-reporter').VitestSummary} */
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8'))
  totals.passed += summary.passed
  totals.skipped += summary.skipped
  for (const { name, firstError } of summary.failed) fail(`${suite}: ${name}`, firstError)
  for (const error of summary.errors) fail(`${suite}: ${error}`)
  flakyNow[suite] = summary.flaky.map(({ name, firstError }) => {
    flakyErrors.set(`${suite}: ${name}`, firstError)
    return `${suite}: ${name}`
  })
  if (status !== 0 && summary.failed.length + summary.errors.length === 0) {
    fail(`${suite}: Vitest exited with ${status} but named no failure; see its output above`)
  }
}

async function runBrowserSuite() {
  const suite = 'browser'
  const pgServer = process.env.TEST_DATABASE_URL
  if (!existsSync(chromiumPath())) {
    missing(
      'Browser suite',
      `no Chromium at ${chromiumPath()} (apt-get install chromium, or set CHROMIUM_PATH)`,
      () => countBrowserTests(pgServer ? { E2E_POSTGRES_URL: pgServer } : {}),
      1,
    )
    return
  }
  if (!pgServer) {
    missing(
      'Browser stories on PostgreSQL (@smoke)',
      'set TEST_DATABASE_URL=postgres://USER@HOST:5432/postgres to run them',
      // Listing starts no server; nothing connects to this address.
      () =>
        countBrowserTests({ E2E_POSTGRES_URL: 'postgres://unused@127.0.0.1:1/unused' }, [
          '--project',
          'postgres',
        ]),
      1,
    )
  }
  console.log('\n=== browser (Playwright, Chromium) ===')
  try {
    // Checks pinned ports here too (on a copy of the environment), to name a busy one.
    e2ePorts({ ...process.env })
  } catch (error) {
    fail(`${suite}: did not start: ${error.message}`)
    return
  }
  const built = run('node', ['scripts/build.mjs'])
  if (built !== 0) {
    fail(`${suite}: did not start: the build failed (node scripts/build.mjs exited with ${built})`)
    return
  }
  const tmpDir = e2eTmpDir()
  rmSync(tmpDir, { recursive: true, force: true })
  const report = `${tmpDir}-playwright.json`
  rmSync(report, { force: true })
  let pg
  try {
    pg = pgServer ? await createE2eDatabase(pgServer) : null
  } catch (error) {
    fail(`${suite}: did not start: no PostgreSQL database for it (${error.message})`)
    return
  }
  try {
    const status = run('npx', ['playwright', 'test'], pg ? { E2E_POSTGRES_URL: pg.url } : {})
    if (!existsSync(report)) {
      fail(`${suite}: did not run (Playwright exited with ${status} and wrote no report)`)
      return
    }
    const { stats, suites, errors = [] } = JSON.parse(readFileSync(report, 'utf8'))
    // Errors outside any test: a web server that could not start, a config that did not load.
    for (const error of errors) {
      fail(`${suite}: did not start or stopped early: ${firstLine(error.message)}`)
    }
    const tests = playwrightTests(suites)
    for (const test of tests.filter((t) => t.status === 'unexpected')) {
      fail(`${suite}: ${test.name}`, test.firstError)
    }
    flakyNow.browser = tests
      .filter((t) => t.status === 'flaky')
      .map((t) => {
        flakyErrors.set(`${suite}: ${t.name}`, t.firstError)
        return `${suite}: ${t.name}`
      })
    totals.passed += stats.expected
    totals.skipped += stats.skipped
    if (status !== 0 && stats.unexpected === 0 && errors.length === 0) {
      fail(`${suite}: Playwright exited with ${status} but named no failure; see its output above`)
    }
  } finally {
    if (pg) await dropE2eDatabase(pgServer, pg.name)
  }
}

/**
 * The openNDS lab (server/wifi/lab): Debian's openNDS in network namespaces, phones on DHCP, the
 * built server as its captive portal, at levels 1 and 3. Needs root and Debian packages.
 *
 * It runs beside the other Vitest suites: its three minutes are mostly waiting on the gateway's
 * clock and authmon's 10 s polls (a third of a core), and its tests do not depend on how fast the
 * machine is. Its output goes to a file, printed whole when it ends, so the logs do not mix.
 * Returns a function that waits for it and counts its tests, or null when it does not run.
 */
function startOpenndsSuite() {
  const problems = labProblems()
  if (problems.length > 0) {
    missing(
      'openNDS lab suite',
      problems.join('; '),
      // Collected by importing the file (its hooks, which build the lab, do not run): a static parse
      // would count the two levels' tests once.
      () =>
        countVitestTests(['--project', 'opennds', '--staticParse=false'], { VITEST_OPENNDS: '1' }),
      1,
    )
    return null
  }
  const summaryFile = '.tmp/vitest-opennds.json'
  const logFile = '.tmp/opennds-suite.log'
  rmSync(summaryFile, { force: true })
  console.log(`\n=== openNDS lab started beside the other suites; its output: ${logFile} ===`)
  const command = vitestCommand(['--project', 'opennds'], { VITEST_OPENNDS: '1' }, summaryFile)
  const log = openSync(logFile, 'w')
  const child = spawn('npx', command.args, {
    stdio: ['ignore', log, log],
    env: { ...process.env, ...command.env },
  })
  closeSync(log)
  const ended = new Promise((resolve) => {
    child.on('error', () => resolve(1))
    child.on('exit', (code) => resolve(code ?? 1))
  })
  return async () => {
    const status = await ended
    // The suite takes its lab down itself; this also covers a Vitest that died half-way.
    spawnSync('bash', ['server/wifi/lab/teardown.sh'], { stdio: 'ignore' })
    console.log('\n=== openNDS lab (a real gateway in network namespaces, levels 1 and 3) ===')
    process.stdout.write(readFileSync(logFile, 'utf8'))
    countVitest('opennds', status, summaryFile)
  }
}

/**
 * Every test in Playwright's JSON report: its name, final status (expected, flaky…) and the start of
 * the error of its first failed try.
 */
function playwrightTests(suites = [], path = []) {
  const found = []
  for (const suite of suites) {
    const where = suite.title ? [...path, suite.title] : path
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `[${test.projectName}] ${[...where, spec.title].join(' > ')}`
        const failedTry = (test.results ?? []).find((result) => result.error)
        found.push({ name, status: test.status, firstError: failedTry?.error.message ?? '' })
      }
    }
    found.push(...playwrightTests(suite.suites, where))
  }
  return found
}

/**
 * Flaky tests are counted apart from passed. One that was flaky in the previous run of its suite
 * too fails this run: a retry may hide a real fault once, not every time.
 */
function applyFlakyPolicy() {
  const previous = existsSync(FLAKY_RECORD)
    ? JSON.parse(readFileSync(FLAKY_RECORD, 'utf8')).suites
    : {}
  const flakyOnce = []
  for (const [suite, names] of Object.entries(flakyNow)) {
    for (const name of names) {
      if (previous[suite]?.includes(name)) fail(`flaky twice in a row: ${name}`)
      else flakyOnce.push(name)
    }
  }
  totals.flaky = flakyOnce.length
  mkdirSync(dirname(FLAKY_RECORD), { recursive: true })
  const suites = { ...previous, ...flakyNow }
  writeFileSync(FLAKY_RECORD, `${JSON.stringify({ updatedAt: new Date(), suites }, null, 2)}\n`)
  return flakyOnce
}

const openndsEnded = !values.only || values.only === 'opennds' ? startOpenndsSuite() : null
if (!values.only || values.only === 'unit') {
  if (process.env.TEST_DATABASE_URL) {
    runVitest('vitest', 'unit, components and integration (SQLite, PostgreSQL)')
    runVitest(
      'scale',
      'scale-out (several server processes on PostgreSQL)',
      ['--project', 'scale'],
      {
        VITEST_SCALE: '1',
      },
    )
  } else {
    runVitest('vitest', 'unit, components and integration (SQLite)')
    missing(
      'PostgreSQL suites',
      'set TEST_DATABASE_URL=postgres://USER@HOST:5432/postgres to run them',
      // Listing imports the test files only; nothing connects to this address.
      () =>
        countVitestTests(['--project', 'integration:postgres', '--project', 'scale'], {
          TEST_DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
          VITEST_SCALE: '1',
        }),
      2,
    )
  }
}
await openndsEnded?.()
if (!values.only || values.only === 'e2e') await runBrowserSuite()

const flaky = applyFlakyPolicy()
for (const notice of notices) console.log(`\nNotice: ${notice}`)
if (flaky.length > 0) {
  console.log(
    namesWithErrors(
      'Flaky (failed, then passed on a retry; fails the run if it happens again):',
      flaky,
      flakyErrors,
    ),
  )
}
if (failures.length > 0) console.log(namesWithErrors('Failed:', failures, failureErrors))
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped, ${totals.flaky} flaky`,
)
process.exit(totals.failed > 0 ? 1 : 0)
