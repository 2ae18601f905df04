// `npm test`: every suite (unit, integration on SQLite and PostgreSQL, browser), then one total.
// Outside CI a missing browser or PostgreSQL skips its suite with a notice; in CI it fails.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { createE2eDatabase, dropE2eDatabase } from './e2e-database.mjs'
import { exitUnlessSupported } from './node-version.mjs'

exitUnlessSupported()

const { values } = parseArgs({ options: { only: { type: 'string' } } })
const inCI = process.env.CI === 'true' || process.env.CI === '1'
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const totals = { passed: 0, failed: 0, skipped: 0 }
const notices = []
/** Every failed test by name, repeated at the end so a long log's tail says what broke. */
const failures = []

mkdirSync('.tmp', { recursive: true })

function missing(what, how) {
  if (inCI) {
    console.error(`\n✗ ${what} is missing and CI=true: ${how}`)
    totals.failed += 1
  } else {
    notices.push(`${what} skipped: ${how}`)
  }
}

function run(cmd, args, env = {}) {
  return spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1
}

function runVitest(label, args = [], env = {}) {
  const report = `.tmp/vitest-${label.split(' ')[0]}.json`
  rmSync(report, { force: true })
  console.log(`\n=== ${label} ===`)
  const status = run(
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...args,
    ],
    env,
  )
  if (!existsSync(report)) {
    totals.failed += 1
    return
  }
  const result = JSON.parse(readFileSync(report, 'utf8'))
  totals.passed += result.numPassedTests
  totals.failed += result.numFailedTests
  totals.skipped += result.numPendingTests + result.numTodoTests
  for (const file of result.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'failed') failures.push(`${label}: ${file.name} > ${test.fullName}`)
    }
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      failures.push(`${label}: ${file.name} did not load: ${String(file.message).slice(0, 300)}`)
    }
  }
  // A suite that failed to load has no failed tests but a failed status: count it.
  if (status !== 0 && result.numFailedTests === 0)
    totals.failed += Math.max(1, result.numFailedTestSuites)
}

async function runBrowserSuite() {
  if (!existsSync(chromium)) {
    missing(
      'Browser suite',
      `no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`,
    )
    return
  }
  if (run('node', ['scripts/build.mjs']) !== 0) {
    totals.failed += 1
    return
  }
  // The same folder as e2e/support/servers.ts picks (one per E2E_PORT_BASE).
  const tmpDir = process.env.E2E_PORT_BASE ? `.tmp/e2e-${process.env.E2E_PORT_BASE}` : '.tmp/e2e'
  rmSync(tmpDir, { recursive: true, force: true })
  const pg = process.env.TEST_DATABASE_URL
    ? await createE2eDatabase(process.env.TEST_DATABASE_URL)
    : null
  const report = `${tmpDir}-playwright.json`
  rmSync(report, { force: true })
  try {
    const status = run('npx', ['playwright', 'test'], pg ? { E2E_POSTGRES_URL: pg.url } : {})
    if (!existsSync(report)) {
      totals.failed += 1
      return
    }
    const { stats, suites } = JSON.parse(readFileSync(report, 'utf8'))
    for (const name of failedPlaywrightTests(suites)) failures.push(`browser: ${name}`)
    totals.passed += stats.expected + stats.flaky
    totals.failed += stats.unexpected
    totals.skipped += stats.skipped
    if (status !== 0 && stats.unexpected === 0) totals.failed += 1
  } finally {
    if (pg) await dropE2eDatabase(process.env.TEST_DATABASE_URL, pg.name)
  }
}

/** Names of the tests whose final result was unexpected, from Playwright's JSON report. */
function failedPlaywrightTests(suites = [], path = []) {
  const names = []
  for (const suite of suites) {
    const where = suite.title ? [...path, suite.title] : path
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') {
          names.push(`[${test.projectName}] ${[...where, spec.title].join(' > ')}`)
        }
      }
    }
    names.push(...failedPlaywrightTests(suite.suites, where))
  }
  return names
}

if (!values.only || values.only === 'unit') {
  if (process.env.TEST_DATABASE_URL) {
    runVitest('unit and integration (SQLite, PostgreSQL)')
    runVitest('scale-out (several server processes on PostgreSQL)', ['--project', 'scale'], {
      VITEST_SCALE: '1',
    })
  } else {
    missing(
      'PostgreSQL suites',
      'set TEST_DATABASE_URL=postgres://USER@HOST:5432/postgres to run them',
    )
    runVitest('unit and integration (SQLite)')
  }
}
if (!values.only || values.only === 'e2e') await runBrowserSuite()

for (const notice of notices) console.log(`\nNotice: ${notice}`)
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `  ${name}`).join('\n')}`)
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(totals.failed > 0 ? 1 : 0)
