import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import type { Page } from 'puppeteer-core'

/** Lighthouse's mobile profile slows the CPU 4×, whatever the machine (ADR 038). */
export const LIGHTHOUSE_SLOWDOWN = 4

/**
 * The benchmark index where Lighthouse's 4× is meant to start: its throttling guide puts a
 * high-end desktop at 1,500–2,000 and says 4× turns such a machine into a mid-tier phone, with
 * a higher multiplier for a faster machine.
 */
export const CALIBRATED_INDEX = 1500

/**
 * The CPU slowdown that makes this machine the phone Lighthouse means: 4× at an index of 1,500,
 * more in proportion on a faster machine, never less than Lighthouse's own 4×. On the shared
 * machines the index swings from ~1,500 to ~4,000 between days; a fixed 4× on a fast day measured
 * a phone 2.6 times faster than on a slow one.
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  const slowdown = LIGHTHOUSE_SLOWDOWN * Math.max(1, benchmarkIndex / CALIBRATED_INDEX)
  return Math.round(slowdown * 10) / 10
}

/**
 * Lighthouse's own benchmark, run in `page` just before the audit (about 2 s). The first run in a
 * new page reads ~20% low (its code not yet optimised); the second reads what Lighthouse's own
 * run, later in the audit, reads.
 */
export async function benchmarkIndex(page: Page): Promise<number> {
  await page.evaluate(pageFunctions.computeBenchmarkIndex)
  return page.evaluate(pageFunctions.computeBenchmarkIndex)
}
