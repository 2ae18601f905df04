import type { LineupFileRow } from '../../shared/lineup/lineup.schema'

/**
 * A festival-sized demo lineup (`DEMO_LINEUP=festival`): four days on eleven stages, about
 * 300 sets, late stages running past midnight, the two biggest stages' sets with ids. Generated, not
 * shipped, so it stays small in the server bundle; a fixed seed makes it the same on every
 * start, and so on every instance and in every screenshot.
 *
 * Times are written for Europe/Amsterdam in July (UTC+2), the default festival zone. Like the
 * small demo, it gives start times and no dates: its days follow the configured clock.
 */
export function festivalDemoLineup(): LineupFileRow[] {
  const random = mulberry32(20_260_709)
  const names = artistNames(random)
  const rows: LineupFileRow[] = []
  FESTIVAL_DAYS.forEach((day, dayIndex) => {
    for (const stage of STAGES) {
      // The last day ends earlier everywhere: people have trains to catch.
      const close =
        dayIndex === FESTIVAL_DAYS.length - 1 ? Math.min(stage.close, h(26)) : stage.close
      let start = stage.open + pick(random, [0, 0, 15, 30])
      let slot = 1
      while (true) {
        const length = pick(random, stage.lengths)
        if (start + length > close) break
        const row: LineupFileRow = {
          name: names.next(),
          stage: stage.name,
          start: utcInstant(day.date, start),
          end: utcInstant(day.date, start + length),
        }
        if (stage.idPrefix)
          row.id = `${day.short}-${stage.idPrefix}-${String(slot).padStart(2, '0')}`
        rows.push(row)
        slot += 1
        start += length + pick(random, stage.changeovers)
      }
    }
  })
  return rows
}

const FESTIVAL_DAYS = [
  { date: '2026-07-09', short: 'thu' },
  { date: '2026-07-10', short: 'fri' },
  { date: '2026-07-11', short: 'sat' },
  { date: '2026-07-12', short: 'sun' },
] as const

interface StageProgramme {
  name: string
  /** Opening and closing: minutes after the day's local midnight (past 24 h: the night after). */
  open: number
  close: number
  /** Set lengths and changeovers to choose from, in minutes. */
  lengths: readonly number[]
  changeovers: readonly number[]
  /** Sets here carry ids (`sat-main-03`); the other stages' are known by artist, stage and day. */
  idPrefix?: string
}

const h = (hours: number, minutes = 0) => hours * 60 + minutes

const STAGES: readonly StageProgramme[] = [
  {
    name: 'Main Stage',
    open: h(13),
    close: h(25),
    lengths: [60, 75, 90],
    changeovers: [30],
    idPrefix: 'main',
  },
  {
    name: 'Lakeside Stage',
    open: h(12),
    close: h(23, 30),
    lengths: [50, 60],
    changeovers: [20, 25],
    idPrefix: 'lake',
  },
  { name: 'The Grove', open: h(11), close: h(23), lengths: [45, 60], changeovers: [15] },
  { name: 'Moonlight Tent', open: h(18), close: h(27), lengths: [60, 75], changeovers: [15] },
  { name: 'Harbour Club', open: h(21), close: h(29), lengths: [60, 90, 120], changeovers: [0] },
  { name: 'Bass Bunker', open: h(20), close: h(28), lengths: [60, 75], changeovers: [0, 15] },
  { name: 'Echo Dome', open: h(14), close: h(24), lengths: [50, 60], changeovers: [20] },
  { name: 'Sunrise Pier', open: h(16), close: h(26), lengths: [60], changeovers: [15, 20] },
  { name: 'The Greenhouse', open: h(12), close: h(20), lengths: [40, 45], changeovers: [20] },
  { name: 'Acoustic Barn', open: h(14), close: h(18, 30), lengths: [40], changeovers: [20] },
  { name: 'Circus Tent', open: h(12), close: h(22), lengths: [45], changeovers: [20, 30] },
]

/** The instant of `minutes` after local midnight of `date` in Amsterdam's summer time (UTC+2). */
function utcInstant(date: string, minutes: number): string {
  const localMidnightUtc = Date.parse(`${date}T00:00:00Z`) - 2 * 3_600_000
  return new Date(localMidnightUtc + minutes * 60_000).toISOString().replace('.000Z', 'Z')
}

const FIRST_WORDS = (
  'Velvet Neon Paper Coral Saffron Lowtide Juniper Atlas Amber Silver Hollow Midnight ' +
  'Golden Echo Static Crimson Wild Lunar Ivory Electric Glass Indigo Northern Tidal ' +
  'Solar Violet Copper Faded Quiet Desert'
).split(' ')
const SECOND_WORDS = (
  'Orbit Harbour Lanterns Skies Bloom Choir Theory Vale Foxes Rivers Parade Signals ' +
  'Machines Gardens Waves Satellites Hearts Circuit Tides Owls Engines Horizon Mirrors ' +
  'Pilots Sparrows Canyons Ghosts Collective'
).split(' ')

/** Unique two-word artist names in a shuffled order. */
function artistNames(random: () => number) {
  const all = FIRST_WORDS.flatMap((first) => SECOND_WORDS.map((second) => `${first} ${second}`))
  for (let index = all.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1))
    ;[all[index], all[other]] = [all[other]!, all[index]!]
  }
  let next = 0
  return {
    next: () => {
      const name = all[next]
      if (name === undefined) throw new Error('the demo festival ran out of artist names')
      next += 1
      return name
    },
  }
}

function pick<T>(random: () => number, options: readonly T[]): T {
  return options[Math.floor(random() * options.length)]!
}

/** A small seeded generator (mulberry32): the same lineup on every start. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
