import { randomUUID } from 'node:crypto'
import type { Agent } from 'node:https'
import type { Server as TlsServer } from 'node:tls'
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { accountRoutes } from './account/account.routes'
import { AccountService } from './account/account.service'
import type { AppContext } from './app-context'
import { authRoutes } from './auth/auth.routes'
import { createAuthService } from './auth/auth-module'
import { hashPoolState } from './auth/password-hashing'
import { blocksRoutes } from './blocks/blocks.routes'
import { BlocksService } from './blocks/blocks.service'
import type { Config } from './config/config'
import { readTlsFiles, TLS_MIN_VERSION } from './config/tls-files'
import { trackTlsHandshakes } from './config/tls-handshakes'
import { UplinkAddresses } from './config/uplink-addresses'
import { type AppDatabase, openDatabase } from './db/database'
import { migrateToLatest } from './db/migrate'
import { createChangeBus } from './events/create-change-bus'
import { festivalRoutes } from './festival/festival.routes'
import { gameRoutes } from './game/game.routes'
import { createGame } from './game/game-module'
import { stagePagesRoutes } from './game/stage-pages.routes'
import { healthRoutes } from './health/health.routes'
import { serviceUnavailable } from './http/app-error'
import { registerClientAssets } from './http/client-assets'
import { answerClientError, answerFrameworkError } from './http/client-errors'
import { installErrorHandler } from './http/error-handler'
import { loggerOptions } from './http/logger'
import { registerSecurityHeaders } from './http/security-headers'
import { legalRoutes } from './legal/legal.routes'
import { lineupPlugin } from './lineup/lineup.plugin'
import { LineupService } from './lineup/lineup.service'
import { createLiveHub } from './live/create-live-hub'
import { registerLiveChannel } from './live/live.plugin'
import type { LiveHub } from './live/live-hub'
import { LivePresence } from './live/live-presence'
import type { LiveSources } from './live/live-sources'
import { AppMetrics } from './metrics/metrics'
import { metricsRoutes } from './metrics/metrics.routes'
import { organiserRoutes } from './organiser/organiser.routes'
import { remindersRoutes } from './reminders/reminders.routes'
import { createReminders } from './reminders/reminders-module'
import { moderationRoutes, reportRoutes } from './safety/safety.routes'
import type { SafetyService } from './safety/safety.service'
import { createSafety } from './safety/safety-module'
import { calendarRoutes } from './schedule/calendar.routes'
import { scheduleRoutes } from './schedule/schedule.routes'
import { ScheduleService, scheduleKeys } from './schedule/schedule.service'
import { UserCountService } from './users/user-count.service'
import { usersRoutes } from './users/users.routes'
import { vibesRoutes } from './vibes/vibes.routes'
import { VibesService } from './vibes/vibes.service'
import { portalRoutes } from './wifi/portal.routes'
import { wifiRoutes } from './wifi/wifi.routes'
import { createWifiFeature, type WifiFeature } from './wifi/wifi-module'

export interface BuildAppOptions {
  /** An already open database (tests share one); otherwise DATABASE_URL is opened and owned. */
  database?: AppDatabase
  now?: () => number
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: { write(line: string): void }
  /** Told of every route as it is registered (tests check each one is in the auth matrix). */
  onRoute?: (route: RouteOptions) => void
  /** How pushes reach push services (tests trust their local one); Node's default otherwise. */
  pushAgent?: Agent
}

/** Builds the whole app without listening, so tests can `inject` or listen on a random port. */
export async function buildApp(
  config: Config,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const ownsDatabase = !options.database
  const database =
    options.database ??
    openDatabase({
      url: config.DATABASE_URL,
      poolMax: config.DATABASE_POOL_MAX,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      guardWrites: config.NODE_ENV !== 'production',
    })

  // Dribbled headers or bodies are cut off (slowloris) with a 408; live sockets are upgraded
  // before these apply. Node checks them every `connectionsCheckingInterval`, 30 s by default.
  const socketTimeouts = {
    headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: Math.min(1000, config.HTTP_HEADERS_TIMEOUT_MS),
  }
  // HTTPS in the app itself when its files are configured (ADR 041); read, and checked, here.
  // Fastify ignores `http` when `https` is given: the same timeouts go with the certificate.
  const tls = readTlsFiles(config)
  const app = Fastify({
    ...(tls
      ? {
          https: {
            ...tls,
            minVersion: TLS_MIN_VERSION,
            // The HTTP timeouts start after the handshake: it gets the headers' own (slowloris).
            handshakeTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
            ...socketTimeouts,
          },
        }
      : { http: socketTimeouts }),
    logger: {
      ...loggerOptions(config),
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT_BYTES,
    genReqId: (request) => {
      const given = request.headers['x-request-id']
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID()
    },
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    connectionTimeout: config.HTTP_CONNECTION_TIMEOUT_MS,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    // Fastify's own 503 while closing is not in our envelope: the onRequest hook below answers it.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>()
  const { onRoute } = options
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route))
  // The operators' metrics (docs/deployment.md): only with METRICS_TOKEN, so without it the
  // requests' path carries no hook at all. Sources are read at scrape time.
  let live: LiveHub | undefined
  const metrics = config.METRICS_TOKEN
    ? new AppMetrics({
        liveSockets: () => live?.stats ?? { sockets: 0, ready: 0 },
        hashPool: hashPoolState,
        databasePool: () =>
          database.pool && {
            total: database.pool.totalCount,
            idle: database.pool.idleCount,
            waiting: database.pool.waitingCount,
          },
      })
    : undefined
  metrics?.watch(app)

  // auth-js sends `Content-Type: application/json` with no body on logout: treat empty as none.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined)
    return parseJson(request, body as string, done)
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  // Once closing, answers in flight tell keep-alive clients to hang up, so no idle socket holds
  // the process open after the last response (Fastify only closes sockets idle at close time),
  // and requests that arrive meanwhile on such sockets are turned away in the error envelope,
  // so a load balancer or client retries them on another instance.
  let closing = false
  // Connections still in their TLS handshake are not HTTP connections yet: ended here, or the
  // close would wait for them (server/config/tls-handshakes.ts).
  if (tls) {
    const handshakes = trackTlsHandshakes(app.server as unknown as TlsServer)
    app.addHook('preClose', async () => handshakes.endPending())
  }
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onRequest', (_request, _reply, done) => {
    if (closing) return done(serviceUnavailable('The server is restarting, try again shortly'))
    done()
  })
  // Synchronous hooks: an async one costs a promise and a microtask turn on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id)
    if (closing) reply.header('Connection', 'close')
    done(null, payload)
  })

  try {
    await migrateToLatest(database)
  } catch (error) {
    if (ownsDatabase) await database.close()
    throw error
  }
  if (ownsDatabase) app.addHook('onClose', async () => database.close())

  const now = options.now ?? Date.now
  const changes = await createChangeBus(config, database, app.log)
  app.addHook('onClose', async () => changes.close())
  const uplinks = new UplinkAddresses(config.WIFI_UPLINK_ADDRESSES)
  const auth = await createAuthService({ config, database, changes, uplinks, now, log: app.log })
  // Queued mail still needs the database (LIFO: this runs before the hooks above close it).
  app.addHook('onClose', async () => auth.mailSent())
  const lineup = new LineupService({ database, now, log: app.log.child({ component: 'lineup' }) })
  // The game reads what it checks through the features' services, handed in here. Its sources
  // are called lazily, so the features built after it are there when they are needed.
  let wifiFeature: WifiFeature | undefined
  let vibesService: VibesService | undefined
  let scheduleService: ScheduleService | undefined
  let safetyService: SafetyService | undefined
  let blocksService: BlocksService | undefined
  const game = createGame({
    config,
    database,
    changes,
    sources: {
      hasVibe: (userId) => vibesService!.hasVibe(userId),
      passTakenAt: (userId) => wifiFeature!.pass.takenAt(userId),
      accountCreatedAt: (userId) => auth.accountCreatedAt(userId),
      stages: () => lineup.stages(),
      starredSets: (userId) => scheduleService!.countStars(userId),
    },
    deriveKey: (purpose) => auth.deriveKey(purpose),
    now,
    log: app.log.child({ component: 'game' }),
  })
  const vibes = new VibesService({
    database,
    changes,
    now,
    log: app.log,
    rules: {
      checkWriter: (userId) => safetyService!.checkWriter(userId),
      checkText: (input) => safetyService!.checkText(input),
    },
    onWrite: (trx, write) => game.recordVibeDay(trx, write.userId, write.at, write.created),
    hiddenFor: (userId) => blocksService!.hiddenFor(userId),
  })
  vibesService = vibes
  // Vibes stored before usernames had their look-alike keys (migration 008) get them first.
  await vibes.fillUsernameKeys()
  const safety = createSafety({
    config,
    database,
    sources: {
      findVibe: (id) => vibes.find(id),
      findVibes: (ids) => vibes.findMany(ids),
      moderateVibe: (trx, id, change) => vibes.moderate(trx, id, change),
      names: async (userIds) =>
        new Map([...(await vibes.people(userIds))].map(([id, person]) => [id, person.username])),
      holdsRole: (userId, roles) => auth.holdsRole(userId, roles),
      accountExists: async (userId) => (await auth.accountCreatedAt(userId)) !== undefined,
      endSessions: (trx, filter) => auth.sessions.end(trx, filter),
    },
    now,
    log: app.log.child({ component: 'safety' }),
  })
  safetyService = safety
  // Blocks (docs/privacy.md): the feed, the live channel and shared schedules ask whom each
  // person hides; a block ends the follows between the two in its write.
  const blocks = new BlocksService({
    database,
    changes,
    now,
    log: app.log.child({ component: 'blocks' }),
    people: (userIds) => vibes.people(userIds),
    accountExists: async (userId) => (await auth.accountCreatedAt(userId)) !== undefined,
    onBlock: (trx, blockerId, blockedId) =>
      scheduleService!.endFollowsBetween(trx, blockerId, blockedId),
  })
  blocksService = blocks
  const userCount = new UserCountService({ database, changes, now })
  app.addHook('onClose', async () => {
    vibes.close()
    userCount.close()
    blocks.close()
  })
  const wifi = createWifiFeature({
    config,
    database,
    auth,
    levels: {
      grantFor: (userId) => game.grantFor(userId),
      passTaken: (userId) => game.passTaken(userId),
    },
    now,
    log: app.log.child({ component: 'wifi' }),
  })
  wifiFeature = wifi
  wifi.pass.startPurging()
  app.addHook('onClose', async () => wifi.pass.stop())
  // The live channel takes what it sends from the features through this, and imports none.
  const liveSources: LiveSources = {
    async authenticate(token) {
      const caller = await auth.authenticateToken(token)
      return { userId: caller.id, sessionId: caller.sessionId, expiresAtMs: caller.expiresAtMs }
    },
    sessionIsActive: (session) => auth.sessionIsActive(session.sessionId, session.userId),
    readVibe: (id) => vibes.find(id),
    readUserCount: () => userCount.current(),
    isKnownGuest: (userId) => wifi.pass.hasDeviceOnline(userId),
    hiddenFor: (userId) => blocks.hiddenFor(userId),
  }
  live = createLiveHub({
    config,
    sources: liveSources,
    uplinks,
    now,
    log: app.log.child({ component: 'live' }),
    onFanOutPass: metrics && ((pass) => metrics.observeFanOut(pass.lagMs)),
  })
  // "Online now" for the organisers, across every instance (ADR 035, addendum).
  const livePresence = new LivePresence({
    database,
    now,
    viewers: () => live?.stats.viewers ?? 0,
    intervalMs: config.LIVE_HEARTBEAT_S * 1000,
  })
  const schedule = new ScheduleService({
    database,
    lineup,
    people: (userIds) => vibes.people(userIds),
    keys: scheduleKeys((purpose) => auth.deriveKey(purpose)),
    festival: {
      name: `${config.FESTIVAL_NAME} ${config.FESTIVAL_YEAR}`,
      timeZone: config.FESTIVAL_TIME_ZONE,
    },
    now,
    onStarred: (userId) => game.starred(userId),
    hiddenFor: (userId) => blocks.hiddenFor(userId),
  })
  scheduleService = schedule
  // A changed lineup (from anywhere) reaches this instance's open apps at once.
  lineup.onChange((etag) => live.broadcast({ type: 'lineup', etag }))
  app.addHook('onReady', async () => lineup.startWatching(config.LINEUP_WATCH_INTERVAL_MS))
  app.addHook('preClose', async () => lineup.stopWatching())
  // Push reminders (docs/reminders.md): before starred sets, and on their programme changes.
  const reminders = await createReminders({
    config,
    database,
    schedule,
    lineup,
    keptSecret: (id, generate) => auth.keptSecret(id, generate),
    pushAgent: options.pushAgent,
    now,
    log: app.log.child({ component: 'reminders' }),
  })
  if (config.PUSH_REMINDERS === 'on') {
    lineup.onChange(() => void reminders.scheduler.lineupChanged())
    app.addHook('onReady', async () => reminders.scheduler.start(config.PUSH_REMINDER_INTERVAL_MS))
    app.addHook('preClose', async () => reminders.scheduler.stop())
  }
  // My account as a whole (docs/privacy.md): each feature hands in its part of my data export,
  // by the key `server/account/export-coverage.ts` names.
  const account = new AccountService({
    auth,
    onDelete: (trx, userId) => vibes.accountDeleting(trx, userId),
    sections: {
      vibe: async (userId) => (await vibes.personalData(userId)).vibe,
      schedule: (userId) => schedule.personalData(userId),
      blocks: (userId) => blocks.personalData(userId),
      game: (userId) => game.personalData(userId),
      wifi: (userId) => wifi.pass.personalData(userId),
      reminders: (userId) => reminders.service.personalData(userId),
      safety: (userId) => safety.personalData(userId),
    },
    now,
  })
  const ctx: AppContext = {
    config,
    database,
    now,
    changes,
    auth,
    vibes,
    userCount,
    wifi,
    game,
    lineup,
    schedule,
    reminders: reminders.service,
    reminderScheduler: reminders.scheduler,
    safety,
    live,
    livePresence,
    blocks,
    account,
  }
  app.decorate('ctx', ctx)

  installErrorHandler(app)
  await registerSecurityHeaders(app, { https: tls !== undefined })
  await registerLiveChannel(app, liveSources)
  await app.register(healthRoutes)
  await app.register(festivalRoutes)
  await app.register(lineupPlugin)
  await app.register(authRoutes, { prefix: '/auth/v1' })
  await app.register(vibesRoutes)
  await app.register(reportRoutes)
  await app.register(moderationRoutes)
  await app.register(organiserRoutes)
  await app.register(usersRoutes)
  await app.register(wifiRoutes)
  await app.register(portalRoutes)
  await app.register(gameRoutes)
  await app.register(stagePagesRoutes)
  await app.register(scheduleRoutes)
  await app.register(calendarRoutes)
  await app.register(remindersRoutes)
  await app.register(blocksRoutes)
  await app.register(accountRoutes)
  await app.register(legalRoutes)
  await app.register(metricsRoutes(metrics, config.METRICS_TOKEN))
  await registerClientAssets(app, config.CLIENT_DIST_DIR, {
    serviceWorker: config.SERVICE_WORKER === 'on',
  })
  return app
}

/** `true`, `false`, a hop count ("1") or a comma-separated list of proxy addresses or subnets. */
function parseTrustProxy(value: string): boolean | string | string[] {
  if (value === 'true') return true
  if (value === 'false') return false
  if (/^\d+$/.test(value)) return value
  return value.split(',').map((part) => part.trim())
}
