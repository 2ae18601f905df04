import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { namesWithErrors } from './test-summary.mjs'
import type { VitestSummary } from './vitest-summary-reporter'

// What npm test's last lines say of a Vitest run, from a real run of Vitest with the summary
// reporter on a fixture: one test that fails, one that passes only on its retry, one that passes.
describe("npm test's summary of a Vitest run", () => {
  mkdirSync('.tmp', { recursive: true })
  const dir = mkdtempSync(resolve('.tmp/summary-fixture-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const summary = (() => {
    writeFileSync(join(dir, 'vitest.config.mjs'), 'export default { test: { retry: 1 } }\n')
    writeFileSync(
      join(dir, 'fixture.test.ts'),
      `import { expect, it } from 'vitest'
let tries = 0
it('passes', () => expect(1).toBe(1))
it('fails every time', () => {
  throw new Error('\\u001b[31mthe first line\\u001b[39m\\n\\nthe second line\\n' + 'more\\n'.repeat(20))
})
it('passes on its retry', () => {
  tries += 1
  expect(tries, 'the first try fails').toBe(2)
})
`,
    )
    const file = join(dir, 'summary.json')
    const run = spawnSync(
      process.execPath,
      [
        resolve('node_modules/vitest/vitest.mjs'),
        'run',
        '--root',
        dir,
        '--config',
        join(dir, 'vitest.config.mjs'),
        `--reporter=${resolve('scripts/vitest-summary-reporter.ts')}`,
      ],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, VITEST_SUMMARY_FILE: file } },
    )
    if (run.status !== 1) throw new Error(`Vitest exited with ${run.status}: ${run.stderr}`)
    return JSON.parse(readFileSync(file, 'utf8')) as VitestSummary
  })()

  it('counts the passed, and names the failed and the flaky with their errors', () => {
    expect(summary.passed).toBe(1)
    expect(summary.errors).toEqual([])
    expect(summary.failed.map(({ name }) => name)).toEqual([
      '[] fixture.test.ts > fails every time',
    ])
    expect(summary.failed[0]!.firstError).toContain('the second line')
    expect(summary.flaky.map(({ name }) => name)).toEqual([
      '[] fixture.test.ts > passes on its retry',
    ])
    expect(summary.flaky[0]!.firstError).toContain('the first try fails')
  })

  it('prints each failure with the first lines of its error, without colours, indented', () => {
    const [failed] = summary.failed
    const text = namesWithErrors(
      'Failed:',
      [failed!.name],
      new Map([[failed!.name, failed!.firstError]]),
    )
    const lines = text.split('\n')
    expect(lines.slice(0, 5)).toEqual([
      '',
      'Failed:',
      '  [] fixture.test.ts > fails every time',
      '      the first line',
      '      the second line',
    ])
    // Eight lines of the error at most, blank ones left out.
    expect(lines).toHaveLength(3 + 8)
    expect(lines.slice(5)).toEqual(Array(6).fill('      more'))
  })

  it('prints a name whose error is unknown alone', () => {
    expect(namesWithErrors('Failed:', ['a suite: did not run'], new Map())).toBe(
      '\nFailed:\n  a suite: did not run',
    )
  })
})
