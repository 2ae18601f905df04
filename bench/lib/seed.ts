import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { generateOpaqueToken, hashOpaqueToken } from '../../server/auth/opaque-token'
import { hashPassword } from '../../server/auth/password'
import { type AppDatabase, openDatabase } from '../../server/db/database'
import { usernameKey } from '../../server/safety/look-alikes'

/** The password of every seeded and API-created bench account. */
export const BENCH_PASSWORD = 'festival nights are long'
const ROWS_PER_STATEMENT = 1000
const STATEMENTS_PER_TRANSACTION = 10
const HOUR_MS = 3_600_000
const EMOJI = ['🎉', '🎶', '🔥', '🌈', '✨', '🕺', '💃', '🌞', '🎸', '🥳']
const STATUSES = [
  'Front row for the headliner tonight, who is coming?',
  'Lost my friends near the Moonlight Tent, send help',
  'Best sunset set of the weekend so far',
  'Queueing for tacos, will report back',
  'Dancing until the lights come on',
  'First festival ever and loving every minute of it!',
]

export const seededEmail = (index: number) => `seed-${index}@bench.test`

/**
 * Fills the database the server has migrated, straight through Kysely in big batches: the API
 * would need one argon2id hash per account, hours for 100,000. Every seeded user shares one real
 * argon2id hash of BENCH_PASSWORD, so they can also sign in through the API.
 */
export class Seeder {
  private users = 0
  private sessions = 0

  private constructor(
    private readonly database: AppDatabase,
    private readonly passwordHash: string,
  ) {}

  static async open(url: string): Promise<Seeder> {
    return new Seeder(openDatabase({ url, poolMax: 2 }), await hashPassword(BENCH_PASSWORD))
  }

  get seededUsers(): number {
    return this.users
  }

  /** Adds `count` users, each with a vibe created at a random time in the last three days. */
  async addUsersWithVibes(count: number, now = Date.now()): Promise<void> {
    const first = this.users
    await this.inBatches(count, async (trx, offset, size) => {
      const users = []
      const vibes = []
      for (let i = 0; i < size; i++) {
        const index = first + offset + i
        const userId = randomUUID()
        const createdAt = now - Math.floor(Math.random() * 72 * HOUR_MS) - 60_000
        users.push({
          id: userId,
          email: seededEmail(index),
          encrypted_password: this.passwordHash,
          email_confirmed_at: createdAt,
          last_sign_in_at: createdAt,
          created_at: createdAt,
          updated_at: createdAt,
        })
        vibes.push({
          id: randomUUID(),
          user_id: userId,
          username: `fan${index}`,
          emoji: EMOJI[index % EMOJI.length]!,
          status: STATUSES[index % STATUSES.length]!,
          created_at: createdAt,
          updated_at: createdAt,
          moderation: 'visible' as const,
          moderation_reason: null,
          username_key: usernameKey(`fan${index}`),
        })
      }
      await trx.insertInto('users').values(users).execute()
      await trx.insertInto('vibes').values(vibes).execute()
    })
    await sql`update counters set value = value + ${count} where name = 'users'`.execute(
      this.database.db,
    )
    this.users += count
  }

  /**
   * Starts `count` sessions for distinct seeded users (as many sign-ins would) and returns their
   * refresh tokens; clients trade them for access tokens through the real refresh grant.
   */
  async addSessions(count: number, now = Date.now()): Promise<string[]> {
    if (this.sessions + count > this.users) throw new Error('not enough seeded users for sessions')
    const userIds = await this.database.db
      .selectFrom('users')
      .select('id')
      .where('email', 'like', 'seed-%')
      .orderBy('id')
      .offset(this.sessions)
      .limit(count)
      .execute()
    const tokens: string[] = []
    await this.inBatches(count, async (trx, offset, size) => {
      const sessions = []
      const refreshTokens = []
      for (let i = 0; i < size; i++) {
        const sessionId = randomUUID()
        const userId = userIds[offset + i]!.id
        const token = generateOpaqueToken()
        tokens.push(token)
        sessions.push({
          id: sessionId,
          user_id: userId,
          created_at: now,
          refreshed_at: now,
          user_agent: 'vibeconnect-bench',
          ip: '127.0.0.1',
        })
        refreshTokens.push({
          token_hash: hashOpaqueToken(token),
          session_id: sessionId,
          user_id: userId,
          parent_hash: null,
          created_at: now,
          used_at: null,
        })
      }
      await trx.insertInto('auth_sessions').values(sessions).execute()
      await trx.insertInto('refresh_tokens').values(refreshTokens).execute()
    })
    this.sessions += count
    return tokens
  }

  close(): Promise<void> {
    return this.database.close()
  }

  private async inBatches(
    count: number,
    insert: (trx: AppDatabase['db'], offset: number, size: number) => Promise<void>,
  ): Promise<void> {
    const perTransaction = ROWS_PER_STATEMENT * STATEMENTS_PER_TRANSACTION
    for (let start = 0; start < count; start += perTransaction) {
      const end = Math.min(count, start + perTransaction)
      await this.database.db.transaction().execute(async (trx) => {
        for (let offset = start; offset < end; offset += ROWS_PER_STATEMENT) {
          await insert(trx, offset, Math.min(ROWS_PER_STATEMENT, end - offset))
        }
      })
    }
  }
}
