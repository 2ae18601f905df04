// `npx tsx bench/auth-timing.ts [--rounds=200]` (BENCH_DATABASE_URL for PostgreSQL too): does the
// answer's time tell a new address from a taken one? Issue 15, items 3 and 4. Starts the server
// from source as production runs it (e-mail confirmation on, rate limits on with budgets no run
// reaches, so their writes stay on the path), then sends, one at a time and alternating, sign-ups
// for new, confirmed and unconfirmed addresses and /recover for a registered and an unknown one.
// Prints medians; asserts nothing (a shared machine's timings are no test).
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { latestMail } from '../server/test/auth-helpers'
import { type BenchDatabase, tempPostgres, tempSqlite } from './lib/databases'
import { startServer } from './lib/server'

const rounds = Number(
  process.argv.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length) ?? 200,
)
const PASSWORD = 'correct horse battery staple'
const UNLIMITED = '1000000'

type Kind =
  | 'signup new'
  | 'signup confirmed'
  | 'signup unconfirmed'
  | 'recover known'
  | 'recover unknown'

async function measure(db: BenchDatabase): Promise<void> {
  const outbox = join(db.dir, 'outbox')
  const server = await startServer({
    databaseUrl: db.url,
    mailDir: outbox,
    entry: ['--import', 'tsx', 'server/main.ts'],
    env: {
      CLIENT_DIST_DIR: join(db.dir, 'no-client'),
      AUTH_EMAIL_CONFIRMATION: 'true',
      RATE_LIMIT: 'on',
      RATE_LIMIT_SIGNUP_PER_IP: UNLIMITED,
      RATE_LIMIT_RECOVER_PER_IP: UNLIMITED,
      RATE_LIMIT_EMAIL_PER_ADDRESS: UNLIMITED,
    },
  })
  try {
    const post = async (path: string, body: object): Promise<number> => {
      const started = performance.now()
      const response = await fetch(`${server.url}/auth/v1/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
      return performance.now() - started
    }
    const signUp = (email: string) => post('signup', { email, password: PASSWORD })

    const confirmed = `confirmed.${Date.now()}@bench.test`
    await signUp(confirmed)
    const { link } = await latestMail(outbox, confirmed)
    await fetch(link, { redirect: 'manual' }).then((response) => response.arrayBuffer())
    const unconfirmed = `unconfirmed.${Date.now()}@bench.test`
    await signUp(unconfirmed)

    let n = 0
    const send: Record<Kind, () => Promise<number>> = {
      'signup new': () => signUp(`new.${Date.now()}.${++n}@bench.test`),
      'signup confirmed': () => signUp(confirmed),
      'signup unconfirmed': () => signUp(unconfirmed),
      'recover known': () => post('recover', { email: confirmed }),
      'recover unknown': () => post('recover', { email: `nobody.${Date.now()}.${++n}@bench.test` }),
    }
    const kinds = Object.keys(send) as Kind[]
    const times = new Map<Kind, number[]>(kinds.map((kind) => [kind, []]))
    for (let round = -20; round < rounds; round += 1) {
      // Each round in a new random order, so no kind always follows the same one (whose work
      // off the request path may still be running).
      const order = [...kinds].sort(() => Math.random() - 0.5)
      for (const kind of order) {
        const ms = await send[kind]()
        if (round >= 0) times.get(kind)!.push(ms)
      }
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b)
      return sorted[Math.floor((sorted.length - 1) / 2)]!
    }
    const p90 = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(0.9 * (values.length - 1))]!
    console.log(`\n${db.kind}: ${rounds} requests of each kind, one at a time, alternating`)
    for (const kind of kinds) {
      const all = times.get(kind)!
      console.log(
        `  ${kind.padEnd(20)} median ${median(all).toFixed(1).padStart(6)} ms   p90 ${p90(all).toFixed(1).padStart(6)} ms`,
      )
    }
    // Within a round the load of the machine is about the same: the difference of two kinds in
    // the same round cancels most of a shared machine's drift.
    const paired = (a: Kind, b: Kind) => {
      const as = times.get(a)!
      const bs = times.get(b)!
      const difference = median(as.map((ms, i) => ms - bs[i]!))
      console.log(`  ${a} − ${b}: median difference in a round ${difference.toFixed(1)} ms`)
    }
    paired('signup new', 'signup confirmed')
    paired('signup unconfirmed', 'signup confirmed')
    paired('recover known', 'recover unknown')
  } finally {
    await server.stop()
  }
}

const databases = process.argv.includes('--postgres-only') ? [] : [async () => tempSqlite()]
if (process.env.BENCH_DATABASE_URL) {
  const url = process.env.BENCH_DATABASE_URL
  databases.push(() => tempPostgres(url))
}
for (const open of databases) {
  const db = await open()
  try {
    await measure(db)
  } finally {
    await db.drop()
  }
}
