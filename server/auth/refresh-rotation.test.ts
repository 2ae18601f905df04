import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeTransaction } from '../db/database'
import { signUpUser } from '../test/auth-helpers'
import { createTestApp, type TestApp } from '../test/test-app'
import { generateOpaqueToken, hashOpaqueToken } from './opaque-token'
import {
  claimAndReplaceRefreshToken,
  type RotatedSession,
  rotateRefreshToken,
  type SuccessorToken,
} from './sessions.repository'

// A rotation is written twice: a write transaction (both databases) and, on PostgreSQL, one
// prepared statement (ADR 020). Every case runs through each implementation this database has,
// and each must leave exactly the same rows and answer the same.
type Rotation = (
  parentHash: string,
  successor: SuccessorToken,
  now: number,
) => Promise<RotatedSession | undefined>

describe('refresh-token rotation, every implementation alike', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const implementations = (): Array<[string, Rotation]> => {
    const { pool } = t.database
    const transaction: Rotation = (parentHash, successor, now) =>
      writeTransaction(t.database, (trx) => rotateRefreshToken(trx, parentHash, successor, now))
    return pool
      ? [
          ['write transaction', transaction],
          [
            'one statement',
            (parentHash, successor, now) =>
              claimAndReplaceRefreshToken(pool, parentHash, successor, now),
          ],
        ]
      : [['write transaction', transaction]]
  }

  /** A user's session and refresh-token rows, with their ids and hashes named by role. */
  async function rowsOf(userId: string, names: Map<string, string>) {
    const { db } = t.database
    const name = (value: string | null) => (value === null ? null : (names.get(value) ?? value))
    const sessions = await db
      .selectFrom('auth_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .execute()
    const tokens = await db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('token_hash')
      .execute()
    return {
      sessions: sessions.map(({ id, user_id, ...row }) => ({
        ...row,
        id: name(id),
        user_id: name(user_id),
      })),
      tokens: tokens.map(({ token_hash, session_id, user_id, parent_hash, ...row }) => ({
        ...row,
        token_hash: name(token_hash),
        session_id: name(session_id),
        user_id: name(user_id),
        parent_hash: name(parent_hash),
      })),
    }
  }

  const NOW = 1_900_000_000_000
  const cases: Array<{
    name: string
    /** Prepares the user's state; returns the parent hash to rotate. */
    arrange: (user: { userId: string; parentHash: string }) => Promise<string>
    rotates: boolean
  }> = [
    { name: 'an unused token', arrange: async ({ parentHash }) => parentHash, rotates: true },
    {
      name: 'a token used already',
      arrange: async ({ parentHash }) => {
        await t.database.db
          .updateTable('refresh_tokens')
          .set({ used_at: NOW - 1000 })
          .where('token_hash', '=', parentHash)
          .execute()
        return parentHash
      },
      rotates: false,
    },
    {
      name: 'an unknown token',
      arrange: async () => hashOpaqueToken(generateOpaqueToken()),
      rotates: false,
    },
  ]

  for (const testCase of cases) {
    it(`${testCase.name}: the same answer and the same rows from each implementation`, async () => {
      const outcomes: unknown[] = []
      for (const [label, rotate] of implementations()) {
        const user = await signUpUser(t)
        const parentHash = hashOpaqueToken(user.refreshToken)
        const [session] = await t.database.db
          .selectFrom('auth_sessions')
          .select('id')
          .where('user_id', '=', user.userId)
          .execute()
        const rotated = await testCase.arrange({ userId: user.userId, parentHash })
        const successor = { token_hash: hashOpaqueToken(generateOpaqueToken()), created_at: NOW }
        const answer = await rotate(rotated, successor, NOW)
        expect(answer !== undefined, label).toBe(testCase.rotates)
        if (answer) {
          expect(answer.sessionId, label).toBe(session!.id)
          // Every column of the user's row, and nothing else: the statement names them by hand.
          const stored = await t.database.db
            .selectFrom('users')
            .selectAll()
            .where('id', '=', user.userId)
            .executeTakeFirstOrThrow()
          expect(answer.user, label).toEqual(stored)
        }
        const names = new Map([
          [user.userId, 'user'],
          [session!.id, 'session'],
          [parentHash, 'parent'],
          [successor.token_hash, 'successor'],
        ])
        const rows = await rowsOf(user.userId, names)
        const signedUpAt = rows.sessions[0]?.created_at
        outcomes.push({
          rotated: answer !== undefined,
          // The sign-up's own times differ from user to user; the rotation's are NOW.
          rows: JSON.parse(JSON.stringify(rows).replaceAll(String(signedUpAt), '"sign-up time"')),
        })
        if (testCase.rotates) {
          expect(rows.tokens.find((token) => token.token_hash === 'parent')?.used_at).toBe(NOW)
          expect(rows.tokens.find((token) => token.token_hash === 'successor')).toMatchObject({
            session_id: 'session',
            user_id: 'user',
            parent_hash: 'parent',
            created_at: NOW,
            used_at: null,
          })
          expect(rows.sessions[0]?.refreshed_at).toBe(NOW)
        } else {
          expect(rows.tokens.some((token) => token.token_hash === 'successor')).toBe(false)
        }
      }
      // On PostgreSQL the two implementations must agree; on SQLite there is one.
      for (const outcome of outcomes.slice(1)) expect(outcome).toEqual(outcomes[0])
    })
  }
})
