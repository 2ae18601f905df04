import type { FastifyBaseLogger } from 'fastify'
import type { FestivalClock } from '../../shared/lineup/festival-day'
import { type AppDatabase, writeTransaction } from '../db/database'
import demoLineupFile from './demo-lineup.json'
import { saveLineupIfNone } from './lineup.repository'
import { validateLineupRows } from './lineup-rows'

/**
 * Stores the shipped demo lineup when no lineup exists yet, so a fresh install shows a festival.
 * The demo gives start times but no dates, so its days follow whatever clock is configured.
 */
export async function seedDemoLineup(
  database: AppDatabase,
  clock: FestivalClock,
  now: number,
  log: FastifyBaseLogger,
): Promise<void> {
  // Numbered by position: the demo is checked by tests, so a problem here is a broken build.
  const rows = (demoLineupFile as unknown[]).map((value, index) => ({ line: index + 1, value }))
  const demo = validateLineupRows(rows, clock)
  if (!demo.ok) {
    const problems = demo.problems.map((problem) => `set ${problem.line}: ${problem.message}`)
    throw new Error(`The demo lineup is invalid: ${problems.join('; ')}`)
  }
  const stored = await writeTransaction(database, (trx) =>
    saveLineupIfNone(trx, demo.items, 'demo', now),
  )
  if (stored) {
    log.info({ sets: demo.items.length }, 'no lineup yet: stored the demo lineup')
  }
}
