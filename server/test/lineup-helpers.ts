import type { LineupItem, LineupSet } from '../../shared/lineup/lineup.schema'
import { writeTransaction } from '../db/database'
import { saveLineup } from '../lineup/lineup.repository'
import type { TestApp } from './test-app'

/** Stores `items` as the lineup being served, as an import does, and tells this instance. */
export async function storeLineup(t: TestApp, items: LineupItem[], now = Date.now()) {
  const saved = await writeTransaction(t.database, (trx) => saveLineup(trx, items, 'test', now))
  t.app.ctx.lineup.changed()
  return saved
}

/** The lineup as the API serves it: each set with its key. */
export async function servedSets(t: TestApp): Promise<LineupSet[]> {
  const answer = await t.app.inject({ url: '/api/lineup' })
  return answer.json().data
}

/** The served set of `name` (throws when there is none). */
export function setNamed(sets: readonly LineupSet[], name: string): LineupSet {
  const set = sets.find((each) => each.name === name)
  if (!set) throw new Error(`no set of ${name} in the lineup`)
  return set
}

/** The served sets as stored: without the keys the API adds. */
export const withoutKeys = (sets: readonly LineupSet[]): LineupItem[] =>
  sets.map(({ key: _key, ...item }) => item)

// Friday 2026-08-14 and the night after, Amsterdam (UTC+2): days turn at 06:00 local time.
/** A festival night's lineup: three sets with times (one with an id, one past midnight), one without. */
export const FRIDAY_LINEUP: LineupItem[] = [
  {
    id: 'set-1',
    name: 'Nightjar',
    stage: 'Main',
    date: '2026-08-14',
    start: '2026-08-14T20:00:00Z',
    end: '2026-08-14T21:30:00Z',
  },
  {
    name: 'Moonwalk',
    stage: 'Forest',
    date: '2026-08-14',
    start: '2026-08-14T21:00:00Z',
    end: '2026-08-14T22:00:00Z',
  },
  {
    name: 'Dawn Chorus',
    stage: 'Forest',
    date: '2026-08-14',
    start: '2026-08-14T23:30:00Z',
    end: '2026-08-15T01:00:00Z',
  },
  { name: 'Late Act', stage: 'Main', date: '2026-08-14' },
]
