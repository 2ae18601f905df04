import { describe, expect, it } from 'vitest'
import { getUser, refresh as refreshWith, signUpUser } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { useTestApp } from '../test/test-app'

describe('refresh tokens', () => {
  const clock = createFakeClock()
  const t = useTestApp({}, { now: clock.now })

  const refresh = (refreshToken: string) => refreshWith(t, refreshToken)

  it('are stored only as hashes', async () => {
    const user = await signUpUser(t)
    const rows = await t.database.db.selectFrom('refresh_tokens').selectAll().execute()
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.some((row) => row.token_hash === user.refreshToken)).toBe(false)
    expect(JSON.stringify(rows)).not.toContain(user.refreshToken)
  })

  it('rotate on every use; replaying an old one after the reuse window revokes the session', async () => {
    const user = await signUpUser(t)
    const chain = [user.refreshToken]
    let latestAccess = user.accessToken
    for (let i = 0; i < 3; i += 1) {
      clock.advance(1000)
      const response = await refresh(chain.at(-1)!)
      expect(response.statusCode).toBe(200)
      chain.push(response.json().refresh_token)
      latestAccess = response.json().access_token
    }
    expect(new Set(chain).size).toBe(4)

    clock.advance(11_000)
    const replay = await refresh(chain[0]!)
    expect(replay.statusCode).toBe(400)
    expect(replay.json()).toMatchObject({ code: 'refresh_token_already_used' })

    // The whole session is gone: its newest refresh token and its access token are refused.
    const newest = await refresh(chain.at(-1)!)
    expect(newest.statusCode).toBe(400)
    expect(newest.json().code).toBe('refresh_token_not_found')
    const me = await getUser(t, latestAccess)
    expect(me.statusCode).toBe(403)
    expect(me.json().code).toBe('session_not_found')
  })

  it('let two tabs refresh with the same token at once without signing the user out', async () => {
    const user = await signUpUser(t)
    const [a, b] = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)])
    expect(a.statusCode).toBe(200)
    expect(b.statusCode).toBe(200)
    // Both tabs carry on with the one successor, whichever of them refreshes next.
    expect(b.json().refresh_token).toBe(a.json().refresh_token)
    clock.advance(2000)
    expect((await refresh(a.json().refresh_token)).statusCode).toBe(200)
    expect((await refresh(b.json().refresh_token)).statusCode).toBe(200)
  })

  it('within the reuse window, a replayed token gets the successor it was exchanged for, never another', async () => {
    const user = await signUpUser(t)
    const first = await refresh(user.refreshToken)
    expect(first.statusCode).toBe(200)
    const successor = first.json().refresh_token
    const replays = []
    for (let i = 0; i < 20; i += 1) {
      clock.advance(200)
      replays.push(await refresh(user.refreshToken))
    }
    expect(replays.map((r) => r.statusCode)).toEqual(Array(20).fill(200))
    expect(new Set(replays.map((r) => r.json().refresh_token))).toEqual(new Set([successor]))
    const rows = await t.database.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('user_id', '=', user.userId)
      .execute()
    expect(rows).toHaveLength(2)
  })

  it('a replay inside the window follows the line to the newest token of the session', async () => {
    const user = await signUpUser(t)
    const second = (await refresh(user.refreshToken)).json().refresh_token
    clock.advance(1000)
    const third = (await refresh(second)).json().refresh_token
    clock.advance(1000)
    const replay = await refresh(user.refreshToken)
    expect(replay.statusCode).toBe(200)
    expect(replay.json().refresh_token).toBe(third)
  })

  it('refuses unknown and malformed tokens', async () => {
    const unknown = await refresh('a'.repeat(43))
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().code).toBe('refresh_token_not_found')
    const missing = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: {},
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().code).toBe('validation_failed')
  })
})
