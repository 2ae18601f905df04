import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/** One row of a lineup file, as an organiser writes it (times in UTC). */
export interface LineupRow {
  id?: string
  name: string
  stage: string
  date: string
  start: string
  end: string
}

// Ten stages, each open from its hour (Amsterdam summer time, UTC+2) to 02:00 or later.
const STAGES: [stage: string, opensAtLocalHour: number][] = [
  ['Main Stage', 13],
  ['Moonlight Tent', 16],
  ['The Grove', 12],
  ['Harbour Club', 18],
  ['Lakeside', 12],
  ['Forest Dome', 14],
  ['Rave Cave', 20],
  ['Bandstand', 12],
  ['Sunset Terrace', 14],
  ['Disco Barn', 19],
]
const CLOSES_AT_LOCAL_HOUR = 26 // 02:00 the next morning
const FIRST_DAY = '2026-08-13'
const DAYS = 4
const FIRST = [
  'Neon',
  'Velvet',
  'Solar',
  'Paper',
  'Coral',
  'Glass',
  'Midnight',
  'Golden',
  'Silver',
  'Wild',
  'Lunar',
  'Electric',
  'Crystal',
  'Honey',
  'Indigo',
  'Static',
  'Cosmic',
  'Amber',
  'Echo',
  'Ruby',
]
const SECOND = [
  'Harbour',
  'Orbit',
  'Lanterns',
  'Tides',
  'Theory',
  'Bloom',
  'Engine',
  'Choir',
  'Frequencies',
  'Drift',
  'Parade',
  'Garden',
  'Skies',
  'Radio',
  'Machines',
  'Waves',
  'Foxes',
  'Hearts',
  'Collective',
  'Society',
]

/** A small seeded generator, so every run and every screenshot sees the same festival. */
function seeded(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z')

const dayAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/**
 * A festival-sized lineup: exactly `size` sets (300 by default) over four days (13–16 August
 * 2026; a fifth and more when `size` needs them) on ten stages, from noon to 02:00 on the
 * festival clock (Europe/Amsterdam), 45 to 90 minutes each, every set with an id. Fixed: the same
 * seed gives the same lineup.
 */
export function festivalLineup(size = 300): LineupRow[] {
  const random = seeded(20_260_813)
  const names = new Set<string>()
  const nextName = () => {
    for (let tries = 1; ; tries++) {
      const first = FIRST[Math.floor(random() * FIRST.length)]
      const second = SECOND[Math.floor(random() * SECOND.length)]
      // Past 400 sets the pairs run out: a numbered act then ("Neon Harbour 2").
      const name = tries > 100 ? `${first} ${second} ${names.size}` : `${first} ${second}`
      if (!names.has(name)) {
        names.add(name)
        return name
      }
    }
  }
  const rows: LineupRow[] = []
  for (let day = 0; day < DAYS || rows.length < size; day++) {
    const date = dayAfter(FIRST_DAY, day)
    const midnightUtc = Date.parse(`${date}T00:00:00Z`) - 2 * 3_600_000
    for (const [stage, opens] of STAGES) {
      let at = midnightUtc + opens * 3_600_000
      const closes = midnightUtc + CLOSES_AT_LOCAL_HOUR * 3_600_000
      for (;;) {
        const minutes = [45, 60, 60, 75, 90][Math.floor(random() * 5)]!
        if (at + minutes * 60_000 > closes) break
        rows.push({
          id: `fx-${String(rows.length + 1).padStart(3, '0')}`,
          name: nextName(),
          stage,
          date,
          start: iso(at),
          end: iso(at + minutes * 60_000),
        })
        at += (minutes + 15) * 60_000
      }
    }
  }
  // Spread the cut over the whole festival, as if some slots were still to be announced.
  const step = rows.length / size
  return Array.from({ length: size }, (_, index) => rows[Math.floor(index * step)]!)
}

/**
 * Replaces the lineup of a server's database with `rows`, as an organiser does: through
 * `lineup:import` (the built CLI), another process than the server's. The server's lineup watcher
 * notices and tells open apps on the live channel.
 */
export function importLineup(databaseUrl: string, rows: LineupRow[], file: string): void {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify(rows, null, 2))
  execFileSync(process.execPath, ['dist/server/lineup-import.js', file], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}
