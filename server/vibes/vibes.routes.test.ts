import { describe, expect, it } from 'vitest'
import { bearer, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { useTestApp } from '../test/test-app'
import { postVibe, signUpWithVibe, uniqueUsername } from '../test/vibe-helpers'

const luna = { username: 'Luna', emoji: '🎉', status: 'Front row for the headliner!' }
/** Luna's vibe under a name nobody else in this file goes by (a username is one person's). */
const aLuna = () => ({ ...luna, username: uniqueUsername() })

describe('vibes API', () => {
  const clock = createFakeClock(Date.parse('2026-07-10T12:00:00.000Z'))
  const t = useTestApp({}, { now: clock.now })

  const create = (user: SignedUpUser, payload: object = aLuna()) =>
    t.app.inject({ method: 'POST', url: '/api/vibes', headers: bearer(user.accessToken), payload })
  const update = (user: SignedUpUser, id: string, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/vibes/${id}`,
      headers: bearer(user.accessToken),
      payload,
    })
  const mine = (user: SignedUpUser) =>
    t.app.inject({ url: '/api/vibes/mine', headers: bearer(user.accessToken) })
  const rowOf = (id: string) =>
    t.database.db.selectFrom('vibes').selectAll().where('id', '=', id).executeTakeFirst()

  it('answers {vibe:null} before the first vibe, then the created one', async () => {
    const user = await signUpUser(t)
    const before = await mine(user)
    expect(before.statusCode).toBe(200)
    expect(before.json()).toEqual({ vibe: null })

    const created = await create(user, { ...luna, username: '  Luna  ', status: ' hi ' })
    expect(created.statusCode).toBe(201)
    const vibe = created.json().vibe
    expect(vibe).toEqual({
      id: expect.any(String),
      userId: user.userId,
      username: 'Luna',
      emoji: '🎉',
      status: 'hi',
      createdAt: '2026-07-10T12:00:00.000Z',
      updatedAt: '2026-07-10T12:00:00.000Z',
      // Its author is told where it stands with the moderators (docs/safety.md).
      moderation: { state: 'visible', reason: null },
    })
    expect((await mine(user)).json()).toEqual({ vibe })
    expect(await rowOf(vibe.id)).toMatchObject({ user_id: user.userId, username: 'Luna' })
  })

  it('refuses a second vibe for the same user with 409', async () => {
    const user = await signUpUser(t)
    const first = aLuna()
    expect((await create(user, first)).statusCode).toBe(201)
    const second = await create(user, { ...luna, username: uniqueUsername('Other') })
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({ code: 'vibe_already_exists' })
    const rows = await t.database.db
      .selectFrom('vibes')
      .selectAll()
      .where('user_id', '=', user.userId)
      .execute()
    expect(rows.map((row) => row.username)).toEqual([first.username])
  })

  it('lets two racing creates leave exactly one vibe; the loser gets 409', async () => {
    const user = await signUpUser(t)
    const answers = await Promise.all([
      create(user, { ...luna, username: uniqueUsername('TabOne') }),
      create(user, { ...luna, username: uniqueUsername('TabTwo') }),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409])
    const loser = answers.find((answer) => answer.statusCode === 409)!
    expect(loser.json().code).toBe('vibe_already_exists')
    const rows = await t.database.db
      .selectFrom('vibes')
      .select('username')
      .where('user_id', '=', user.userId)
      .execute()
    expect(rows).toHaveLength(1)
    const winner = answers.find((answer) => answer.statusCode === 201)!
    expect(rows[0]!.username).toBe(winner.json().vibe.username)
  })

  it('updates your own vibe and sets updatedAt', async () => {
    const { user, vibe } = await signUpWithVibe(t, aLuna())
    clock.advance(90_000)
    const renamed = uniqueUsername('Nova')
    const answer = await update(user, vibe.id, { username: renamed, emoji: '🔥', status: 'Moved' })
    expect(answer.statusCode).toBe(200)
    expect(answer.json().vibe).toEqual({
      ...vibe,
      username: renamed,
      emoji: '🔥',
      status: 'Moved',
      updatedAt: new Date(clock.now()).toISOString(),
    })
    expect(await rowOf(vibe.id)).toMatchObject({ username: renamed, updated_at: clock.now() })
  })

  it('tags my vibe with its version, and refuses an update that names an older one with 412', async () => {
    const user = await signUpUser(t)
    const created = await create(user)
    expect(created.statusCode).toBe(201)
    const first = created.headers.etag as string
    expect(first).toBe(`"${clock.now()}"`)
    expect((await mine(user)).headers.etag).toBe(first)

    // Sent from another device meanwhile: the version moves on.
    clock.advance(60_000)
    const id = created.json().vibe.id as string
    const ifMatch = (tag: string, status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/vibes/${id}`,
        headers: { ...bearer(user.accessToken), 'if-match': tag },
        payload: { ...luna, username: created.json().vibe.username, status },
      })
    const elsewhere = await ifMatch(first, 'From my other phone')
    expect(elsewhere.statusCode).toBe(200)
    const second = elsewhere.headers.etag as string
    expect(second).toBe(`"${clock.now()}"`)

    // The update made offline on the first phone, based on the first version, arrives late.
    clock.advance(60_000)
    const before = await rowOf(id)
    const late = await ifMatch(first, 'Written offline')
    expect(late.statusCode).toBe(412)
    expect(late.json()).toEqual({
      code: 'vibe_changed',
      message: 'Your vibe was changed on another device after this update was made',
    })
    expect(await rowOf(id)).toEqual(before)
    // A weak tag never matches (If-Match compares strongly); a list naming the version does.
    expect((await ifMatch(`W/${second}`, 'Weak')).statusCode).toBe(412)
    expect((await ifMatch(`"1", ${second}`, 'Listed')).statusCode).toBe(200)
    expect((await ifMatch('*', 'Any version')).statusCode).toBe(200)
    expect((await rowOf(id))?.status).toBe('Any version')
  })

  it("refuses someone else's vibe with 403 even with its current version, and tells it nothing", async () => {
    const { user, vibe } = await signUpWithVibe(t, aLuna())
    const intruder = await signUpUser(t)
    const tag = (await mine(user)).headers.etag as string
    const answer = await t.app.inject({
      method: 'PATCH',
      url: `/api/vibes/${vibe.id}`,
      headers: { ...bearer(intruder.accessToken), 'if-match': tag },
      payload: { ...luna, username: uniqueUsername('Hacked') },
    })
    expect(answer.statusCode).toBe(403)
    expect(answer.headers.etag).toBeUndefined()
  })

  it("refuses someone else's vibe with 403 and leaves the row as it was", async () => {
    const { vibe } = await signUpWithVibe(t, aLuna())
    const intruder = await signUpUser(t)
    const before = await rowOf(vibe.id)
    const answer = await update(intruder, vibe.id, { ...luna, username: uniqueUsername('Hacked') })
    expect(answer.statusCode).toBe(403)
    expect(answer.json()).toMatchObject({ code: 'forbidden' })
    expect(await rowOf(vibe.id)).toEqual(before)
  })

  it('answers 404 vibe_not_found for an unknown id', async () => {
    const user = await signUpUser(t)
    const answer = await update(user, '00000000-0000-4000-8000-000000000000', luna)
    expect(answer.statusCode).toBe(404)
    expect(answer.json()).toMatchObject({ code: 'vibe_not_found' })
  })

  it('counts signed-up users from the maintained counter', async () => {
    const user = await signUpUser(t)
    const count = async () =>
      (await t.app.inject({ url: '/api/users/count', headers: bearer(user.accessToken) })).json()
    const before = await count()
    expect(before).toEqual({ count: expect.any(Number) })
    const rows = await t.database.db.selectFrom('users').select('id').execute()
    expect(before.count).toBe(rows.length)
    await signUpUser(t)
    await signUpUser(t)
    expect(await count()).toEqual({ count: before.count + 2 })
  })

  it('never sends password hashes, tokens or other users e-mail addresses', async () => {
    const me = await signUpUser(t)
    const other = await signUpUser(t)
    const otherVibe = await postVibe(t, other, aLuna())
    const mineAsPosted = aLuna()
    const myVibe = await postVibe(t, me, mineAsPosted)
    const users = await t.database.db.selectFrom('users').select('encrypted_password').execute()
    const answers = [
      await t.app.inject({ url: '/api/vibes?limit=100', headers: bearer(me.accessToken) }),
      await mine(me),
      await update(me, myVibe.id, mineAsPosted),
      await update(me, otherVibe.id, aLuna()),
      await t.app.inject({ url: '/api/users/count', headers: bearer(me.accessToken) }),
    ]
    expect(answers[0]!.json().vibes.map((v: { id: string }) => v.id)).toContain(otherVibe.id)
    for (const answer of answers) {
      expect(answer.headers['cache-control']).toBe('no-store')
      for (const secret of [other.email, other.accessToken, other.refreshToken, me.refreshToken]) {
        expect(answer.body).not.toContain(secret)
      }
      for (const { encrypted_password } of users)
        expect(answer.body).not.toContain(encrypted_password)
      expect(answer.body).not.toMatch(/password|email|token/i)
    }
  })
})
