import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUpUser } from '../test/auth-helpers'
import { eventually, LiveTestClient, useLiveClients } from '../test/live-test-client'
import { useSecondInstance, useTestApp } from '../test/test-app'
import { signUpWithVibe } from '../test/vibe-helpers'
import type { ChangeEvent } from './change-bus'
import { CHANGES_CHANNEL, LISTENER_APPLICATION_NAME } from './postgres-change-bus'

// Two app instances on one PostgreSQL database, as behind a load balancer.
describe('changes across instances (PostgreSQL)', () => {
  const a = useTestApp()
  const b = useSecondInstance(a)
  const seenByB: ChangeEvent[] = []
  const clients = useLiveClients()

  beforeAll(() => {
    b.app.ctx.changes.subscribe((event) => seenByB.push(event))
  })

  const createVibeOnA = async () => (await signUpWithVibe(a)).vibe

  it("delivers a change published on one instance to another instance's subscribers", async () => {
    const vibe = await createVibeOnA()
    await eventually(() => seenByB.some((e) => e.type === 'vibe' && e.id === vibe.id))
    expect(seenByB).toContainEqual({ type: 'vibe', op: 'insert', id: vibe.id, userId: vibe.userId })
    expect(seenByB).toContainEqual({ type: 'user-count' })
  })

  it("reaches B's live clients as the row, and B's clients see A's sign-ups in the count", async () => {
    const reader = await signUpUser(a)
    const client = await LiveTestClient.signedIn(b.url, reader.accessToken)
    clients.push(client)
    const vibe = await createVibeOnA()
    const message = await client.next((m) => m.type === 'vibe' && m.id === vibe.id)
    expect(message).toMatchObject({ op: 'insert', vibe: { id: vibe.id, username: vibe.username } })
    const count = await client.next((m) => m.type === 'user-count')
    expect(count).toMatchObject({ count: expect.any(Number) })
  })

  it('ignores notifications that are not well-formed events', async () => {
    const before = seenByB.length
    await sql`select pg_notify(${CHANGES_CHANNEL}, ${'{"type":"vibe","id":1}'})`.execute(
      a.database.db,
    )
    await sql`select pg_notify(${CHANGES_CHANNEL}, ${'{"type":"user-count"}'})`.execute(
      a.database.db,
    )
    const arrived = () => seenByB.slice(before)
    await eventually(() => arrived().some((event) => event.type === 'user-count'))
    // Earlier tests' writes may still be telling (a vibe's game award comes after its commit):
    // what matters is that the malformed one never arrived, and the good one did.
    expect(arrived().filter((event) => event.type === 'vibe')).toEqual([])
    expect(arrived()).toContainEqual({ type: 'user-count' })
  })

  it('listens again after losing its connection, and tells live clients to resync', async () => {
    const reader = await signUpUser(a)
    const client = await LiveTestClient.signedIn(b.url, reader.accessToken)
    clients.push(client)
    const readies = () => client.messages.filter((m) => m.type === 'ready').length
    // What a PostgreSQL restart does to every instance's listener connection.
    const cut = await sql<{ terminated: boolean }>`
      select pg_terminate_backend(pid) as terminated from pg_stat_activity
      where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`.execute(
      a.database.db,
    )
    expect(cut.rows.length).toBeGreaterThanOrEqual(2)
    await eventually(() => readies() === 2)
    expect(seenByB).toContainEqual({ type: 'resync' })
    const vibe = await createVibeOnA()
    await client.next((m) => m.type === 'vibe' && m.id === vibe.id)
  })

  describe("B's session cache (ADR 015)", () => {
    const countOnB = (token: string) =>
      fetch(`${b.url}/api/users/count`, { headers: bearer(token) })
    /** Signs up on A and has B remember the session (one data request on B). */
    const trustedOnB = async () => {
      const user = await signUpUser(a)
      expect((await countOnB(user.accessToken)).status).toBe(200)
      expect(
        b.app.ctx.auth.sessions.recent.has(await sessionIdOf(user.accessToken), user.userId),
      ).toBe(true)
      return user
    }
    const sessionIdOf = async (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).session_id as string
    /** How long until B refuses the token; fails after 2 s (the cache would trust it for 60). */
    const msUntilRefusedOnB = async (token: string, since: number) => {
      while (Date.now() - since < 2000) {
        const answer = await countOnB(token)
        if (answer.status === 401) {
          expect((await answer.json()).code).toBe('session_not_found')
          return Date.now() - since
        }
        expect(answer.status).toBe(200)
      }
      throw new Error('B still trusts a session that ended 2 s ago')
    }

    it('refuses a session signed out on A as soon as the notification arrives', async () => {
      const user = await trustedOnB()
      const logout = await a.app.inject({
        method: 'POST',
        url: '/auth/v1/logout',
        headers: bearer(user.accessToken),
      })
      expect(logout.statusCode).toBe(204)
      const ms = await msUntilRefusedOnB(user.accessToken, Date.now())
      console.info(`sign-out on A refused by B's cached data API after ${ms} ms`)
    })

    it('refuses a session deleted by hand in SQL (the trigger announces every deletion)', async () => {
      const user = await trustedOnB()
      const started = Date.now()
      await sql`delete from auth_sessions where user_id = ${user.userId}`.execute(a.database.db)
      await msUntilRefusedOnB(user.accessToken, started)
    })

    it('trusts nothing it remembered while its listener is down, nor after', async () => {
      const user = await trustedOnB()
      const sessionId = await sessionIdOf(user.accessToken)
      const recent = b.app.ctx.auth.sessions.recent
      const resyncsBefore = seenByB.filter((event) => event.type === 'resync').length
      await sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`.execute(
        a.database.db,
      )
      // The listener retries after 100 ms at the soonest: a tight poll sees it down.
      const deadline = Date.now() + 5000
      while (b.app.ctx.changes.delivering && Date.now() < deadline) {
        await new Promise((resolve) => setImmediate(resolve))
      }
      expect(b.app.ctx.changes.delivering).toBe(false)
      expect(recent.has(sessionId, user.userId)).toBe(false)
      await eventually(
        () => seenByB.filter((event) => event.type === 'resync').length > resyncsBefore,
      )
      expect(b.app.ctx.changes.delivering).toBe(true)
      expect(recent.size).toBe(0)
      // And it goes on caching once it hears deletions again.
      expect((await countOnB(user.accessToken)).status).toBe(200)
      expect(recent.has(sessionId, user.userId)).toBe(true)
    })
  })
})
