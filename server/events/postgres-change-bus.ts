import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'kysely'
import pg from 'pg'
import { z } from 'zod'
import type { AppDatabase } from '../db/database'
import type { ChangeBus, ChangeEvent, ChangeListener } from './change-bus'

export const CHANGES_CHANNEL = 'vibeconnect_changes'
const FIRST_RETRY_MS = 100
const MAX_RETRY_MS = 5000
// A LISTEN connection can die silently (network loss): a trivial query now and then notices.
const PROBE_INTERVAL_MS = 15_000
const PROBE_TIMEOUT_MS = 5000
/** How the listener shows up in pg_stat_activity (operators, and tests that cut it off). */
export const LISTENER_APPLICATION_NAME = 'vibeconnect-listener'

export interface PostgresChangeBusOptions {
  /** For the dedicated LISTEN connection; pooled connections can't hold a LISTEN. */
  url: string
  /** Publishes go through the app's pool. */
  database: AppDatabase
  connectTimeoutMs: number
  log: FastifyBaseLogger
}

/**
 * The bus shared by every instance on one PostgreSQL: publish is NOTIFY carrying identifiers only
 * (payloads are capped at 8000 bytes), and each instance LISTENs on one dedicated connection.
 * After the connection comes back, listeners get `{ type: 'resync' }`: notifications sent while
 * it was down are lost, so clients must refetch.
 */
export class PostgresChangeBus implements ChangeBus {
  private readonly listeners = new Set<ChangeListener>()
  private client: pg.Client | undefined
  private retryMs = FIRST_RETRY_MS
  private retryTimer: NodeJS.Timeout | undefined
  private probeTimer: NodeJS.Timeout | undefined
  private connectedOnce = false
  private closed = false

  constructor(private readonly options: PostgresChangeBusOptions) {}

  /** Connects and listens; a failure is logged and retried, so start-up never hangs on it. */
  async start(): Promise<void> {
    await this.connect()
  }

  /** Never throws: the change has committed, and a lost notification must not fail the writer. */
  async publish(event: ChangeEvent): Promise<void> {
    try {
      await sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(event)})`.execute(
        this.options.database.db,
      )
    } catch (error) {
      this.options.log.warn({ err: error, event }, 'could not publish a change')
    }
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  get delivering(): boolean {
    return this.client !== undefined
  }

  async close(): Promise<void> {
    this.closed = true
    this.listeners.clear()
    clearTimeout(this.retryTimer)
    clearInterval(this.probeTimer)
    const client = this.client
    this.client = undefined
    await client?.end().catch(() => {})
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.url,
      connectionTimeoutMillis: this.options.connectTimeoutMs,
      query_timeout: PROBE_TIMEOUT_MS,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
    })
    let gone = false
    const lost = (error?: unknown) => {
      if (gone) return
      gone = true
      this.reconnectLater(client, error)
    }
    // Without an 'error' listener a dropped connection would crash the process.
    client.on('error', lost)
    client.on('end', () => lost())
    client.on('notification', (message) => this.deliver(message.payload))
    try {
      await client.connect()
      await client.query(`listen ${CHANGES_CHANNEL}`)
    } catch (error) {
      lost(error)
      return
    }
    if (this.closed) return void (await client.end().catch(() => {}))
    this.client = client
    this.retryMs = FIRST_RETRY_MS
    this.probeTimer = setInterval(() => {
      client.query('select 1').catch(lost)
    }, PROBE_INTERVAL_MS)
    this.probeTimer.unref()
    if (this.connectedOnce) this.options.log.info('change listener reconnected')
    this.connectedOnce = true
    // Whatever was notified before this LISTEN (while down, or before a first attempt that
    // failed) is lost. At start-up nobody is subscribed to live sockets yet, so it costs nothing.
    this.emit({ type: 'resync' })
  }

  /** The LISTEN connection failed or ended: drop it and try again with a doubling delay. */
  private reconnectLater(client: pg.Client, error?: unknown): void {
    if (this.client === client) this.client = undefined
    clearInterval(this.probeTimer)
    void client.end().catch(() => {})
    if (this.closed) return
    this.options.log.warn({ err: error, retryMs: this.retryMs }, 'change listener lost')
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs)
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS)
  }

  private deliver(payload: string | undefined): void {
    const event = parseChangeEvent(payload)
    if (event) this.emit(event)
    else this.options.log.warn('ignored a malformed change notification')
  }

  private emit(event: ChangeEvent): void {
    for (const listener of this.listeners) listener(event)
  }
}

// Anyone with database access can NOTIFY on the channel: only well-formed events get through.
const ChangeEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('vibe'),
    op: z.enum(['insert', 'update', 'delete']),
    id: z.string().max(64),
    userId: z.string().max(64),
  }),
  z.object({ type: z.literal('user-count') }),
  z.object({ type: z.literal('session-ended'), id: z.string().max(64) }),
  z.object({
    type: z.literal('block'),
    blockerId: z.string().max(64),
    blockedId: z.string().max(64),
  }),
  z.object({
    type: z.literal('game'),
    userId: z.string().max(64),
    level: z.number().int(),
    unlocked: z.array(z.object({ id: z.string().max(40), name: z.string().max(80) })).max(20),
  }),
])

function parseChangeEvent(payload: string | undefined): ChangeEvent | undefined {
  try {
    const parsed = ChangeEventSchema.safeParse(JSON.parse(payload ?? ''))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}
