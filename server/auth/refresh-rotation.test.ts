import type pg from 'pg'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { writeTransaction } from '../db/database'
import { logout, refresh as refreshWith, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { useTestApp } from '../test/test-app'
import { generateOpaqueToken, hashOpaqueToken } from './opaque-token'
import { claimAndReplaceRefreshToken, rotateRefreshToken } from './sessions.repository'

// A rotation is written twice: a write transaction (both databases) and, on PostgreSQL, one
// prepared statement (ADR 020). Every case of a refresh runs through the grant over HTTP, once per
// implementation this database has, and each must answer the same and leave the same rows.

const REUSE_WINDOW_S = 10

/** What a case does with a freshly signed-up user; the answers, in order. */
type Act = (user: SignedUpUser) => Promise<Array<{ statusCode: number; body: string }>>

describe('refresh-token rotation, every case through each implementation alike', () => {
  const clock = createFakeClock()
  let statementRuns: () => number
  const t = useTestApp(
    { AUTH_REFRESH_REUSE_INTERVAL_S: String(REUSE_WINDOW_S) },
    { now: clock.now },
  )
  beforeAll(async () => {
    const { pool } = t.database
    const query = pool ? vi.spyOn(pool, 'query') : undefined
    statementRuns = () =>
      query?.mock.calls.filter(([q]) =>
        (q as unknown as pg.QueryConfig)?.name?.startsWith('claim_'),
      ).length ?? 0
  })

  const refresh = (refreshToken: string) => refreshWith(t, refreshToken)

  /**
   * The implementations this database has. The grant takes the one statement when the database
   * has a pg pool (`SessionTokens.rotate`); with the pool hidden for the case, the transaction.
   */
  const implementations = (): Array<{
    label: string
    run: <T>(act: () => Promise<T>) => Promise<T>
  }> => {
    const { database } = t
    const { pool } = database
    const transaction = async <T>(act: () => Promise<T>) => {
      database.pool = undefined
      try {
        return await act()
      } finally {
        database.pool = pool
      }
    }
    return pool
      ? [
          { label: 'one statement', run: (act) => act() },
          { label: 'write transaction', run: transaction },
        ]
      : [{ label: 'write transaction', run: (act) => act() }]
  }

  const cases: Array<{ name: string; act: Act; answers: string[]; tokens: string[] }> = [
    {
      name: 'an unused token',
      act: async (user) => [await refresh(user.refreshToken)],
      answers: ['200 successor'],
      tokens: ['parent used +1000', 'successor unused'],
    },
    {
      name: 'a token replayed within the reuse window',
      act: async (user) => {
        const first = await refresh(user.refreshToken)
        clock.advance((REUSE_WINDOW_S - 1) * 1000)
        return [first, await refresh(user.refreshToken)]
      },
      // The same successor again (as GoTrue answers), and no sibling minted.
      answers: ['200 successor', '200 successor'],
      tokens: ['parent used +1000', 'successor unused'],
    },
    {
      name: 'a token replayed after the reuse window',
      act: async (user) => {
        const first = await refresh(user.refreshToken)
        clock.advance((REUSE_WINDOW_S + 1) * 1000)
        return [first, await refresh(user.refreshToken)]
      },
      // A leak: the whole session is revoked, its tokens with it.
      answers: ['200 successor', '400 refresh_token_already_used'],
      tokens: [],
    },
    {
      name: 'an unknown token',
      act: async () => [await refresh(generateOpaqueToken())],
      answers: ['400 refresh_token_not_found'],
      tokens: ['parent unused'],
    },
    {
      name: 'a token whose session is gone (signed out)',
      act: async (user) => {
        return [await logout(t, user.accessToken), await refresh(user.refreshToken)]
      },
      answers: ['204 ', '400 refresh_token_not_found'],
      tokens: [],
    },
  ]

  /** A user's sessions and refresh tokens, ids and hashes named by role, times from `start`. */
  async function rowsOf(user: SignedUpUser, start: number, names: Map<string, string>) {
    const { db } = t.database
    const name = (value: string | null) => (value === null ? null : (names.get(value) ?? 'other'))
    const since = (time: number | null) => (time === null ? null : time - start)
    const sessions = await db
      .selectFrom('auth_sessions')
      .selectAll()
      .where('user_id', '=', user.userId)
      .execute()
    const tokens = await db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('user_id', '=', user.userId)
      .execute()
    return {
      sessions: sessions.map((row) => ({
        ...row,
        id: name(row.id),
        user_id: name(row.user_id),
        created_at: since(row.created_at),
        refreshed_at: since(row.refreshed_at),
      })),
      tokens: tokens
        .map((row) => ({
          ...row,
          token_hash: name(row.token_hash),
          session_id: name(row.session_id),
          user_id: name(row.user_id),
          parent_hash: name(row.parent_hash),
          created_at: since(row.created_at),
          used_at: since(row.used_at),
        }))
        .sort((a, b) => String(a.token_hash).localeCompare(String(b.token_hash))),
    }
  }

  for (const testCase of cases) {
    it(`${testCase.name}: the same answers and the same rows from each implementation`, async () => {
      const outcomes: unknown[] = []
      for (const { label, run } of implementations()) {
        const user = await signUpUser(t)
        const start = clock.now()
        const session = await t.database.db
          .selectFrom('auth_sessions')
          .select('id')
          .where('user_id', '=', user.userId)
          .executeTakeFirstOrThrow()
        // A second after the sign-up, so a rotation that forgets a time shows in the rows.
        clock.advance(1000)
        const ranBefore = statementRuns()
        const responses = await run(() => testCase.act(user))
        if (label === 'write transaction') expect(statementRuns(), label).toBe(ranBefore)
        else expect(statementRuns(), label).toBeGreaterThan(ranBefore)

        const names = new Map([
          [user.userId, 'user'],
          [session.id, 'session'],
          [hashOpaqueToken(user.refreshToken), 'parent'],
        ])
        const answers = responses.map(({ statusCode, body }) => {
          const json = body ? JSON.parse(body) : {}
          if (json.refresh_token) names.set(hashOpaqueToken(json.refresh_token), 'successor')
          return `${statusCode} ${json.refresh_token ? 'successor' : (json.code ?? '')}`
        })
        expect(answers, label).toEqual(testCase.answers)
        const rows = await rowsOf(user, start, names)
        const tokens = rows.tokens.map(({ token_hash, used_at }) =>
          used_at === null ? `${token_hash} unused` : `${token_hash} used +${used_at}`,
        )
        expect(tokens.sort(), label).toEqual(testCase.tokens)
        // Every answer whole, the user's fields too, with this user's id, address and times
        // written relative to the case's start; not the tokens themselves.
        const bodies = responses.map(({ body }) => {
          if (!body) return ''
          const relative = body
            .replaceAll(user.userId, 'user')
            .replaceAll(user.email, 'email')
            .replace(
              /"\d{4}-\d\d-\d\dT[\d:.]+Z"/g,
              (iso) => `"+${Date.parse(iso.slice(1, -1)) - start}"`,
            )
          const json = JSON.parse(relative)
          const expiresAt = json.expires_at && json.expires_at - Math.floor(start / 1000)
          return { ...json, access_token: 0, refresh_token: 0, expires_at: expiresAt }
        })
        outcomes.push({ bodies, rows })
      }
      // On PostgreSQL the two implementations must agree; on SQLite there is one.
      for (const outcome of outcomes.slice(1)) expect(outcome).toEqual(outcomes[0])
    })
  }

  it("answers every column of the user's row: the statement names them by hand", async () => {
    const { pool } = t.database
    const user = await signUpUser(t)
    const successor = () => ({
      token_hash: hashOpaqueToken(generateOpaqueToken()),
      created_at: clock.now(),
    })
    const rotated = pool
      ? await claimAndReplaceRefreshToken(
          pool,
          hashOpaqueToken(user.refreshToken),
          successor(),
          clock.now(),
        )
      : await writeTransaction(t.database, (trx) =>
          rotateRefreshToken(trx, hashOpaqueToken(user.refreshToken), successor(), clock.now()),
        )
    const stored = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow()
    // And the user's roles, for the access token's claims (none for a new account).
    expect(rotated?.user).toEqual({ ...stored, roles: [] })
  })
})
