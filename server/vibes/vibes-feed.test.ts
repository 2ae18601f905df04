import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../auth/users.repository'
import { writeTransaction } from '../db/database'
import { bearer, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { useTestApp } from '../test/test-app'
import { signUpWithVibe } from '../test/vibe-helpers'
import { insertVibe, type VibeRow } from './vibes.repository'

const T0 = Date.parse('2026-07-10T12:00:00.000Z')

describe('the vibes feed', () => {
  const clock = createFakeClock(T0)
  const t = useTestApp({}, { now: clock.now })
  let reader: SignedUpUser
  const seeded: VibeRow[] = []

  // Rows written straight to the database, so their times (and ties) are exactly as chosen.
  async function seedVibe(createdAt: number) {
    const userId = randomUUID()
    const user = {
      id: userId,
      email: `${userId}@example.test`,
      encrypted_password: 'not-a-real-hash',
      email_confirmed_at: null,
      last_sign_in_at: null,
      created_at: createdAt,
      updated_at: createdAt,
    }
    const row: VibeRow = {
      id: randomUUID(),
      user_id: userId,
      username: `fan${seeded.length}`,
      emoji: '🎉',
      status: 'here',
      created_at: createdAt,
      updated_at: createdAt,
      moderation: 'visible' as const,
      moderation_reason: null,
      username_key: null,
    }
    await writeTransaction(t.database, async (trx) => {
      await insertUser(trx, user)
      await insertVibe(trx, row)
    })
    seeded.push(row)
  }

  beforeAll(async () => {
    reader = await signUpUser(t)
    // Three ties at the oldest time, two at another: the id must break them consistently.
    for (const offset of [-50_000, -50_000, -50_000, -40_000, -30_000, -30_000, -20_000]) {
      await seedVibe(T0 + offset)
    }
    for (let i = 0; i < 4; i += 1) await seedVibe(T0 - 10_000 + i)
  })

  const page = async (query: string) => {
    const answer = await t.app.inject({
      url: `/api/vibes?${query}`,
      headers: bearer(reader.accessToken),
    })
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json() as { vibes: { id: string }[]; nextCursor: string | null }
  }
  const newestFirst = (rows: VibeRow[]) =>
    [...rows]
      .sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .map((row) => row.id)

  it('pages newest first without repeating or skipping while vibes are added between pages', async () => {
    const expected = newestFirst(seeded)
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const result = await page(cursor ? `limit=3&cursor=${cursor}` : 'limit=3')
      seen.push(...result.vibes.map((vibe) => vibe.id))
      cursor = result.nextCursor
      pages += 1
      // Someone posts a vibe between page requests: it is newer than every page handed out.
      clock.advance(1000)
      await signUpWithVibe(t, {
        username: `poster${pages}`,
        emoji: '🔥',
        status: 'new',
      })
    } while (cursor)
    expect(seen).toEqual(expected)
    expect(pages).toBe(Math.ceil(expected.length / 3))
    // The new vibes are all on a fresh first page, newest first.
    const fresh = await page(`limit=${pages}`)
    expect(fresh.vibes.map((vibe) => (vibe as unknown as { username: string }).username)).toEqual(
      Array.from({ length: pages }, (_, i) => `poster${pages - i}`),
    )
  })

  it('ends with nextCursor null when the last page is exactly full', async () => {
    const total = (await page('limit=100')).vibes.length
    const first = await page(`limit=${total}`)
    expect(first.vibes).toHaveLength(total)
    expect(first.nextCursor).toBeNull()
    const almost = await page(`limit=${total - 1}`)
    expect(almost.nextCursor).not.toBeNull()
    const rest = await page(`limit=${total - 1}&cursor=${almost.nextCursor}`)
    expect(rest.vibes).toHaveLength(1)
    expect(rest.nextCursor).toBeNull()
  })

  it('uses a page of 50 by default', async () => {
    for (let i = 0; i < 50; i += 1) await seedVibe(T0 - 100_000 - i)
    const result = await page('')
    expect(result.vibes).toHaveLength(50)
    expect(result.nextCursor).not.toBeNull()
  })

  it('answers 400 validation_failed for a cursor it did not issue', async () => {
    const { nextCursor } = await page('limit=1')
    const b64 = (text: string) => Buffer.from(text).toString('base64url')
    const bad = [
      'not-a-cursor',
      b64('abc:def'),
      b64(`${T0}:`),
      b64(`${T0}:x' or 1=1 --`),
      b64('99999999999999999:abc'),
      `${nextCursor}!`,
      `${nextCursor}==`,
    ]
    for (const cursor of bad) {
      const answer = await t.app.inject({
        url: `/api/vibes?cursor=${encodeURIComponent(cursor)}`,
        headers: bearer(reader.accessToken),
      })
      expect(answer.statusCode, cursor).toBe(400)
      expect(answer.json()).toMatchObject({
        code: 'validation_failed',
        details: { cursor: expect.any(String) },
      })
    }
  })
})
