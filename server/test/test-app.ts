import { mkdtempSync, rmSync } from 'node:fs'
import type { Agent } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { buildApp } from '../app'
import { type Config, loadConfig } from '../config/config'
import type { AppDatabase } from '../db/database'
import { createTestDatabase, type TestDatabase } from './test-database'

export interface TestApp {
  app: FastifyInstance
  database: AppDatabase
  config: Config
  testDatabase: TestDatabase
  /** The folder mail is written to: a fresh one per app, removed on close. */
  outbox: string
  /** Base URL once `listen()` has been called. */
  listen(): Promise<string>
  close(): Promise<void>
}

export interface TestAppOptions {
  now?: () => number
  extend?: (app: FastifyInstance) => void
  logStream?: { write(line: string): void }
  onRoute?: (route: RouteOptions) => void
  /** How the server reaches push services: a test's own, trusting its certificate. */
  pushAgent?: Agent
}

/** Builds the real app on a fresh database. `env` overrides configuration variables. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const testDatabase = await createTestDatabase()
  const outbox = mkdtempSync(join(tmpdir(), 'vibeconnect-outbox-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: testDatabase.url,
    CLIENT_DIST_DIR: './dist/does-not-exist',
    RATE_LIMIT: 'off',
    MAIL_OUTBOX_DIR: outbox,
    ...env,
  })
  const database = testDatabase.open()
  const app = await buildApp(config, {
    database,
    now: options.now,
    logStream: options.logStream,
    onRoute: options.onRoute,
    pushAgent: options.pushAgent,
  })
  options.extend?.(app)
  await app.ready()
  return {
    app,
    database,
    config,
    testDatabase,
    outbox: config.MAIL_OUTBOX_DIR,
    listen: () => listenOnRandomPort(app),
    async close() {
      await app.close()
      await database.close()
      await testDatabase.drop()
      rmSync(outbox, { recursive: true, force: true })
    },
  }
}

/** Starts `app` listening on a free local port and returns its base URL. */
async function listenOnRandomPort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('server has no port')
  return `http://127.0.0.1:${address.port}`
}

export interface SecondInstance {
  app: FastifyInstance
  /** Its base URL: it listens on a free local port. */
  url: string
  close(): Promise<void>
}

/**
 * Another instance of `first`'s app, as behind a load balancer: the same configuration and
 * database, a connection pool of its own. Close it before `first`.
 */
async function openSecondInstance(
  first: TestApp,
  options: Pick<TestAppOptions, 'now'> = {},
): Promise<SecondInstance> {
  const database = first.testDatabase.open()
  const app = await buildApp(first.config, { database, now: options.now })
  const url = await listenOnRandomPort(app)
  return {
    app,
    url,
    async close() {
      await app.close()
      await database.close()
    },
  }
}

/**
 * The app of a `describe` block: built before its tests (`beforeAll`), closed after them
 * (`afterAll`). Use it inside tests and hooks; it is not there yet while the block is collected.
 */
export function useTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): TestApp {
  let built: TestApp | undefined
  beforeAll(async () => {
    built = await createTestApp(env, options)
  })
  afterAll(() => built?.close())
  const current = () => {
    if (!built) throw new Error('The test app is built in beforeAll: use it in tests and hooks')
    return built
  }
  return {
    get app() {
      return current().app
    },
    get database() {
      return current().database
    },
    get config() {
      return current().config
    },
    get testDatabase() {
      return current().testDatabase
    },
    get outbox() {
      return current().outbox
    },
    listen: () => current().listen(),
    close: () => current().close(),
  }
}

/**
 * A second instance of the app of a `describe` block (`first`, from `useTestApp`; call this after
 * it): opened before the tests once `first` is built, closed after them before `first` is (Vitest
 * runs after-all hooks in reverse order).
 */
export function useSecondInstance(
  first: TestApp,
  options: Pick<TestAppOptions, 'now'> = {},
): SecondInstance {
  let opened: SecondInstance | undefined
  beforeAll(async () => {
    opened = await openSecondInstance(first, options)
  })
  afterAll(() => opened?.close())
  const current = () => {
    if (!opened)
      throw new Error('The second instance opens in beforeAll: use it in tests and hooks')
    return opened
  }
  return {
    get app() {
      return current().app
    },
    get url() {
      return current().url
    },
    close: () => current().close(),
  }
}
