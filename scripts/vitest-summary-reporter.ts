// What npm test (scripts/test.mjs) reads of a Vitest run, written as JSON to VITEST_SUMMARY_FILE:
// counts, and by name every failed test and every test that passed only on a retry (flaky), each
// with the error its (first) failed try threw (a fuzz property's seed and counterexample are in it),
// and every error outside a test (a file that did not load, a failed beforeAll, an unhandled error).
import { writeFileSync } from 'node:fs'
import { relative } from 'node:path'
import type { Reporter, SerializedError, TestModule, TestRunEndReason } from 'vitest/node'

export interface VitestSummary {
  passed: number
  skipped: number
  failed: Array<{ name: string; firstError: string }>
  flaky: Array<{ name: string; firstError: string }>
  errors: string[]
}

const firstLine = (error: { message?: string }) => String(error.message).split('\n')[0]

export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: TestRunEndReason,
  ): void {
    const summary: VitestSummary = { passed: 0, skipped: 0, failed: [], flaky: [], errors: [] }
    for (const module of modules) {
      const where = `[${module.project.name}] ${relative(process.cwd(), module.moduleId)}`
      for (const error of module.errors()) summary.errors.push(`${where}: ${firstLine(error)}`)
      for (const suite of module.children.allSuites()) {
        for (const error of suite.errors()) {
          summary.errors.push(`${where} > ${suite.fullName}: ${firstLine(error)}`)
        }
      }
      for (const test of module.children.allTests()) {
        const name = `${where} > ${test.fullName}`
        const result = test.result()
        // Whole: npm test prints its first lines (fast-check's seed, path and counterexample). A
        // retried test keeps the errors of its failed tries.
        const firstError = String(result.errors?.[0]?.message ?? '')
        if (result.state === 'failed') summary.failed.push({ name, firstError })
        else if (result.state === 'passed' && test.diagnostic()?.flaky) {
          summary.flaky.push({ name, firstError })
        } else if (result.state === 'passed') summary.passed += 1
        // Skipped, or never run because its suite's setup failed (that error is named above).
        else summary.skipped += 1
      }
    }
    for (const error of unhandledErrors) summary.errors.push(`unhandled: ${firstLine(error)}`)
    if (reason === 'interrupted') summary.errors.push('the run was interrupted')
    const file = process.env.VITEST_SUMMARY_FILE
    if (file) writeFileSync(file, JSON.stringify(summary))
  }
}
