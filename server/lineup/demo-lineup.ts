import type { FastifyBaseLogger } from 'fastify'
import type { FestivalClock } from '../../shared/lineup/festival-day'
import type { LineupItem } from '../../shared/lineup/lineup.schema'
import type { Config } from '../config/config'
import { type AppDatabase, writeTransaction } from '../db/database'
import demoLineupFile from './demo-lineup.json'
import { festivalDemoLineup } from './festival-demo-lineup'
import { findLineupSnapshot, saveLineup, saveLineupIfNone } from './lineup.repository'
import { validateLineupRows } from './lineup-rows'

export type DemoLineupName = Config['DEMO_LINEUP']

/** Where each demo comes from, as stored with its snapshot: the small one keeps its old name. */
const DEMO_SOURCES: Record<DemoLineupName, string> = { small: 'demo', festival: 'demo:festival' }

const isDemoSource = (source: string) => Object.values(DEMO_SOURCES).includes(source)

/**
 * The demo lineup `name`, validated as an import would be: the small shipped file (49 sets) or
 * the festival-sized one (about 300 sets, `DEMO_LINEUP=festival`). Throws if it is invalid.
 */
export function demoLineupItems(name: DemoLineupName, clock: FestivalClock): LineupItem[] {
  const values: unknown[] = name === 'festival' ? festivalDemoLineup() : demoLineupFile
  // Numbered by position: the demo is checked by tests, so a problem here is a broken build.
  const rows = values.map((value, index) => ({ line: index + 1, value }))
  const demo = validateLineupRows(rows, clock)
  if (!demo.ok) {
    const problems = demo.problems.map((problem) => `set ${problem.line}: ${problem.message}`)
    throw new Error(`The ${name} demo lineup is invalid: ${problems.join('; ')}`)
  }
  return demo.items
}

/**
 * Stores the configured demo lineup when no lineup exists yet, so a fresh install shows a
 * festival, or in place of the other demo (switching `DEMO_LINEUP` on a database that holds
 * a demo). An organiser's lineup is never replaced. The demos give start times but no dates,
 * so their days follow whatever clock is configured.
 */
export async function seedDemoLineup(
  database: AppDatabase,
  clock: FestivalClock,
  now: number,
  log: FastifyBaseLogger,
  name: DemoLineupName = 'small',
): Promise<void> {
  const items = demoLineupItems(name, clock)
  const source = DEMO_SOURCES[name]
  const stored = await writeTransaction(database, async (trx) => {
    if (await saveLineupIfNone(trx, items, source, now)) return true
    const current = await findLineupSnapshot({ db: trx })
    if (!current || current.source === source || !isDemoSource(current.source)) return false
    return (await saveLineup(trx, items, source, now)).changed
  })
  if (stored) {
    log.info({ sets: items.length, demo: name }, 'no lineup of the organiser yet: stored the demo')
  }
}
