import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config/config'
import type { AppDatabase } from '../db/database'
import { type ChangeBus, InProcessChangeBus } from './change-bus'
import { PostgresChangeBus } from './postgres-change-bus'

/** SQLite means one process: an in-memory bus. PostgreSQL may be shared: LISTEN/NOTIFY. */
export async function createChangeBus(
  config: Config,
  database: AppDatabase,
  log: FastifyBaseLogger,
): Promise<ChangeBus> {
  if (database.dialect !== 'postgres') return new InProcessChangeBus()
  const bus = new PostgresChangeBus({
    url: config.DATABASE_URL,
    database,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    log: log.child({ component: 'change-bus' }),
  })
  await bus.start()
  return bus
}
