import { beforeAll, describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../shared/live/live-protocol'
import type { Vibe } from '../../shared/vibes/vibe.schema'
import { bearer, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { LiveTestClient, useLiveClients } from '../test/live-test-client'
import { useTestApp } from '../test/test-app'
import { postVibe, signUpWithVibe } from '../test/vibe-helpers'

const isVibe =
  (id: string) =>
  (message: ServerMessage): boolean =>
    message.type === 'vibe' && message.id === id

describe('blocks', () => {
  let baseUrl: string
  const clients = useLiveClients()
  const t = useTestApp()
  beforeAll(async () => {
    baseUrl = await t.listen()
  })

  const call = (
    user: SignedUpUser,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(user.accessToken), payload })
  const block = (user: SignedUpUser, other: SignedUpUser) =>
    call(user, 'POST', '/api/blocks', { userId: other.userId })
  const unblock = (user: SignedUpUser, other: SignedUpUser) =>
    call(user, 'DELETE', `/api/blocks/${other.userId}`)
  const feedOf = async (user: SignedUpUser, query = '') => {
    const answer = await call(user, 'GET', `/api/vibes${query}`)
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json() as { vibes: Vibe[]; nextCursor: string | null }
  }
  const authorsIn = async (user: SignedUpUser) => (await feedOf(user)).vibes.map((v) => v.userId)
  const live = async (user: SignedUpUser) => {
    const client = await LiveTestClient.signedIn(baseUrl, user.accessToken)
    clients.push(client)
    return client
  }
  const update = async (user: SignedUpUser, vibe: Vibe, status: string) => {
    const { username, emoji } = vibe
    const answer = await call(user, 'PATCH', `/api/vibes/${vibe.id}`, { username, emoji, status })
    expect(answer.statusCode, answer.body).toBe(200)
  }

  it('hides each one’s vibe from the other’s feed, either way, and only theirs', async () => {
    const { user: me } = await signUpWithVibe(t, { username: 'Me', emoji: '🎧', status: 'here' })
    const { user: pest } = await signUpWithVibe(t, { username: 'Pest', emoji: '🐝', status: 'hi' })
    const { user: friend } = await signUpWithVibe(t, { username: 'Pal', emoji: '🌻', status: 'yo' })
    expect(await authorsIn(me)).toContain(pest.userId)

    expect((await block(me, pest)).statusCode).toBe(204)
    expect(await authorsIn(me)).not.toContain(pest.userId)
    expect(await authorsIn(pest)).not.toContain(me.userId)
    // Everyone else still sees both, and both still see everyone else.
    expect(await authorsIn(friend)).toEqual(expect.arrayContaining([me.userId, pest.userId]))
    expect(await authorsIn(me)).toContain(friend.userId)
    expect(await authorsIn(pest)).toContain(friend.userId)

    expect((await unblock(me, pest)).statusCode).toBe(204)
    expect(await authorsIn(me)).toContain(pest.userId)
    expect(await authorsIn(pest)).toContain(me.userId)
  })

  it('filters later pages too, keeping the shared cursor', async () => {
    const { user: me } = await signUpWithVibe(t)
    const { user: pest } = await signUpWithVibe(t, {
      username: 'Old',
      emoji: '🐌',
      status: 'early',
    })
    for (let i = 0; i < 3; i++) await signUpWithVibe(t)
    await block(pest, me)
    const first = await feedOf(me, '?limit=2')
    expect(first.nextCursor).not.toBeNull()
    const seen = [...first.vibes]
    let cursor = first.nextCursor
    while (cursor) {
      const page = await feedOf(me, `?limit=2&cursor=${encodeURIComponent(cursor)}`)
      seen.push(...page.vibes)
      cursor = page.nextCursor
    }
    expect(seen.map((vibe) => vibe.userId)).not.toContain(pest.userId)
    // The others' pages are whole.
    const all = await feedOf(pest, '?limit=50')
    expect(all.vibes.map((vibe) => vibe.userId)).toContain(pest.userId)
  })

  it('lists whom I blocked with their vibe’s name and emoji, newest first; blocks again or lifts a missing one without change', async () => {
    const me = await signUpUser(t)
    const { user: first } = await signUpWithVibe(t, { username: 'Ann', emoji: '🦊', status: 'a' })
    const noVibe = await signUpUser(t)
    expect((await block(me, first)).statusCode).toBe(204)
    expect((await block(me, first)).statusCode).toBe(204)
    expect((await block(me, noVibe)).statusCode).toBe(204)
    const list = await call(me, 'GET', '/api/blocks')
    expect(list.statusCode).toBe(200)
    expect(list.json()).toEqual({
      blocked: [
        {
          userId: noVibe.userId,
          username: 'A festival-goer',
          emoji: '🎉',
          blockedAt: expect.any(String),
        },
        { userId: first.userId, username: 'Ann', emoji: '🦊', blockedAt: expect.any(String) },
      ],
    })
    // The list is mine alone: those I blocked see nothing of it, and no e-mail is in it.
    expect((await call(first, 'GET', '/api/blocks')).json()).toEqual({ blocked: [] })
    expect(list.body).not.toContain(first.email)
    expect((await unblock(me, noVibe)).statusCode).toBe(204)
    expect((await unblock(me, noVibe)).statusCode).toBe(204)
    expect((await call(me, 'GET', '/api/blocks')).json().blocked).toHaveLength(1)
  })

  it('refuses blocking myself, someone who does not exist, and what is not a person', async () => {
    const me = await signUpUser(t)
    const self = await block(me, me)
    expect(self.statusCode).toBe(400)
    expect(self.json().code).toBe('block_self')
    const unknown = await call(me, 'POST', '/api/blocks', {
      userId: '00000000-0000-4000-8000-000000000000',
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('user_not_found')
    for (const payload of [{ userId: 'nobody' }, {}, { userId: me.userId, extra: 1 }]) {
      const answer = await call(me, 'POST', '/api/blocks', payload)
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400)
      expect(answer.json().code).toBe('validation_failed')
    }
    expect((await call(me, 'DELETE', '/api/blocks/not-a-uuid')).statusCode).toBe(400)
    expect(
      await t.database.db
        .selectFrom('user_blocks')
        .selectAll()
        .where('blocker_id', '=', me.userId)
        .execute(),
    ).toEqual([])
  })

  it('lets only the blocker lift a block', async () => {
    const me = await signUpUser(t)
    const pest = await signUpUser(t)
    await block(me, pest)
    expect((await unblock(pest, me)).statusCode).toBe(204)
    const rows = await t.database.db
      .selectFrom('user_blocks')
      .select(['blocker_id', 'blocked_id'])
      .where('blocked_id', '=', pest.userId)
      .execute()
    expect(rows).toEqual([{ blocker_id: me.userId, blocked_id: pest.userId }])
  })

  it('live: neither is sent the other’s vibe changes, both resync at once on a block and an unblock', async () => {
    const { user: me, vibe: mine } = await signUpWithVibe(t)
    const { user: pest, vibe: theirs } = await signUpWithVibe(t)
    const { user: friend, vibe: friends } = await signUpWithVibe(t)
    const [myScreen, pestScreen, friendScreen] = await Promise.all([
      live(me),
      live(pest),
      live(friend),
    ])

    await block(me, pest)
    // Both apps are told to refetch their feed, which no longer holds the other's vibe.
    await myScreen.next((message) => message.type === 'ready')
    await pestScreen.next((message) => message.type === 'ready')

    await update(pest, theirs, 'can you see me?')
    await update(me, mine, 'not you')
    // A later change of someone else's arrives: everything before it was sent (or not).
    await update(friend, friends, 'marker')
    await myScreen.next(isVibe(friends.id))
    await pestScreen.next(isVibe(friends.id))
    await friendScreen.next(isVibe(theirs.id))
    await friendScreen.next(isVibe(mine.id))
    expect(myScreen.messages.filter(isVibe(theirs.id))).toEqual([])
    expect(pestScreen.messages.filter(isVibe(mine.id))).toEqual([])
    expect(t.app.ctx.live.stats.filtered).toBeGreaterThan(0)

    await unblock(me, pest)
    await myScreen.next((message) => message.type === 'ready')
    await pestScreen.next((message) => message.type === 'ready')
    await update(pest, theirs, 'back again')
    await myScreen.next(isVibe(theirs.id))
  })

  it('live: a socket that signs in after a block hides the other from its first message on', async () => {
    const { user: me } = await signUpWithVibe(t)
    const { user: pest, vibe: theirs } = await signUpWithVibe(t)
    const { user: friend, vibe: friends } = await signUpWithVibe(t)
    await block(pest, me)
    const screen = await live(me)
    await update(pest, theirs, 'new status')
    await update(friend, friends, 'marker')
    await screen.next(isVibe(friends.id))
    expect(screen.messages.filter(isVibe(theirs.id))).toEqual([])
  })

  it('shared schedules: a blocked person’s share link shows nothing either way, and follows end', async () => {
    const me = await signUpUser(t)
    const pest = await signUpUser(t)
    await postVibe(t, pest)
    const codeOf = async (user: SignedUpUser) =>
      (await call(user, 'GET', '/api/schedule/share')).json().code as string
    const [myCode, pestCode] = await Promise.all([codeOf(me), codeOf(pest)])
    expect((await call(me, 'POST', '/api/schedule/follows', { code: pestCode })).statusCode).toBe(
      204,
    )
    expect((await call(pest, 'POST', '/api/schedule/follows', { code: myCode })).statusCode).toBe(
      204,
    )

    await block(me, pest)
    for (const [viewer, code] of [
      [me, pestCode],
      [pest, myCode],
    ] as const) {
      const picks = await call(viewer, 'GET', `/api/schedule/shared/${code}`)
      expect(picks.statusCode).toBe(404)
      expect(picks.json().code).toBe('share_not_found')
      const follow = await call(viewer, 'POST', '/api/schedule/follows', { code })
      expect(follow.statusCode).toBe(404)
      expect((await call(viewer, 'GET', '/api/schedule/crew')).json().following).toEqual([])
    }
    const follows = await t.database.db
      .selectFrom('schedule_follows')
      .selectAll()
      .where((eb) => eb.or([eb('follower_id', '=', me.userId), eb('followee_id', '=', me.userId)]))
      .execute()
    expect(follows).toEqual([])
    // Lifting the block shows the link again; the follows stay ended.
    await unblock(me, pest)
    expect((await call(me, 'GET', `/api/schedule/shared/${pestCode}`)).statusCode).toBe(200)
    expect((await call(me, 'GET', '/api/schedule/crew')).json().following).toEqual([])
  })
})
