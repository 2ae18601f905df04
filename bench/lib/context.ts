import type { BenchPlan } from '../config'
import type { ApiUser } from './api'
import type { BenchDatabase } from './databases'
import type { Metric } from './metric'
import type { Seeder } from './seed'
import { type BenchServer, startServer } from './server'

/** What every measurement of one database run shares. */
export interface RunContext {
  plan: BenchPlan
  db: BenchDatabase
  /** Replaced when a measurement restarts the server. */
  server: BenchServer
  seeder: Seeder
  apiUsers: ApiUser[]
  metrics: Metric[]
  /** Node flags for the server, e.g. `--cpu-prof` with `--profile`. */
  nodeArgs: string[]
}

/** A timestamped progress line on stderr, so stdout stays clean for anything piped. */
export function log(message: string): void {
  const time = new Date().toISOString().slice(11, 19)
  console.error(`[bench ${time}] ${message}`)
}

/** Stops the server and starts it again on the same database; returns the new start-up time. */
export async function restartServer(ctx: RunContext): Promise<number> {
  const { port } = ctx.server
  await ctx.server.stop()
  ctx.server = await startServer({
    databaseUrl: ctx.db.url,
    mailDir: `${ctx.db.dir}/outbox`,
    nodeArgs: ctx.nodeArgs,
    port,
  })
  return ctx.server.startupMs
}

export const authHeader = (user: ApiUser) => ({
  authorization: `Bearer ${user.session.access_token}`,
})

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
