import { describe, expect, it } from 'vitest'
import type { QueueItem } from '../../shared/safety/safety-responses.schema'
import { bearer, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { LiveTestClient } from '../test/live-test-client'
import { feedIds, moderate, patchVibe, reportVibe, setRole, vibeOf } from '../test/safety-helpers'
import { useTestApp } from '../test/test-app'
import { signUpWithVibe } from '../test/vibe-helpers'

const HOUR = 3_600_000

describe('moderation', () => {
  const clock = createFakeClock(Date.parse('2026-07-10T12:00:00.000Z'))
  const t = useTestApp({}, { now: clock.now })
  let baseUrl: string | undefined
  const listen = async () => {
    baseUrl ??= await t.listen()
    return baseUrl
  }

  const moderator = async () => {
    const user = await signUpUser(t)
    await setRole(t, user, 'moderator')
    return user
  }
  const reportedVibe = async (reports = 3) => {
    const posted = await signUpWithVibe(t, vibeOf('Reported', 'Meet me behind the toilets'))
    for (let i = 0; i < reports; i += 1) {
      const reason = i % 2 ? 'harassment' : 'spam'
      await reportVibe(t, await signUpUser(t), posted.vibe.id, { reason, note: `note ${i}` })
      clock.advance(60_000)
    }
    return posted
  }
  const patch = (user: SignedUpUser, id: string, body: object) => patchVibe(t, user, id, body)
  const mine = async (user: SignedUpUser) =>
    (await t.app.inject({ url: '/api/vibes/mine', headers: bearer(user.accessToken) })).json().vibe
  const auditOf = (vibeId: string) =>
    t.database.db.selectFrom('audit_log').selectAll().where('vibe_id', '=', vibeId).execute()

  it('refuses every moderation route to a user without the role: 403 role_required', async () => {
    const user = await signUpUser(t)
    for (const path of ['queue', 'audit']) {
      const answer = await moderate(t, user, path)
      expect(answer.statusCode, path).toBe(403)
      expect(answer.json().code).toBe('role_required')
    }
    const { vibe } = await signUpWithVibe(t, vibeOf('Untouched'))
    const answer = await moderate(t, user, `vibes/${vibe.id}/remove`, { reason: 'no' })
    expect(answer.json()).toEqual({
      code: 'role_required',
      message: 'This needs the moderator or organiser role',
    })
    expect(await auditOf(vibe.id)).toEqual([])
  })

  it('lists reported and hidden vibes with their reports, never who filed them', async () => {
    const mod = await moderator()
    const { vibe: hidden } = await reportedVibe(3)
    const { vibe: reported } = await reportedVibe(1)
    const answer = await moderate(t, mod, 'queue')
    expect(answer.statusCode).toBe(200)
    const items = answer.json().items as { vibe: { id: string } }[]
    const ids = items.map((item) => item.vibe.id)
    expect(ids.indexOf(hidden.id)).toBeLessThan(ids.indexOf(reported.id))
    const item = answer.json().items.find((i: { vibe: { id: string } }) => i.vibe.id === hidden.id)
    expect(Date.parse(item.lastReportedAt) - Date.parse(item.firstReportedAt)).toBe(120_000)
    expect(items.find((item) => item.vibe.id === hidden.id)).toEqual({
      vibe: { ...hidden, moderation: { state: 'hidden', reason: null } },
      openReports: 3,
      reasons: { spam: 2, harassment: 1 },
      reports: [
        { reason: 'spam', note: 'note 2', at: expect.any(String) },
        { reason: 'harassment', note: 'note 1', at: expect.any(String) },
        { reason: 'spam', note: 'note 0', at: expect.any(String) },
      ],
      firstReportedAt: expect.any(String),
      lastReportedAt: expect.any(String),
      authorSuspendedUntil: null,
    })
    const reporters = await t.database.db.selectFrom('vibe_reports').select('reporter_id').execute()
    for (const { reporter_id } of reporters) expect(answer.body).not.toContain(reporter_id)
    expect(answer.body).not.toMatch(/@example\.test/)
  })

  it('restores a hidden vibe: back in everyone’s feed, reports handled, the action logged', async () => {
    const mod = await moderator()
    const { user: author, vibe } = await reportedVibe(3)
    const watcher = await signUpUser(t)
    expect(await feedIds(t, watcher)).not.toContain(vibe.id)
    const answer = await moderate(t, mod, `vibes/${vibe.id}/restore`, { reason: 'Harmless joke' })
    expect(answer.statusCode).toBe(200)
    expect(answer.json().vibe.moderation).toEqual({ state: 'visible', reason: null })
    expect(await feedIds(t, watcher)).toContain(vibe.id)
    expect((await mine(author)).moderation).toEqual({ state: 'visible', reason: null })
    const queue = await moderate(t, mod, 'queue')
    expect(queue.json().items.map((item: { vibe: { id: string } }) => item.vibe.id)).not.toContain(
      vibe.id,
    )
    const log = await auditOf(vibe.id)
    expect(log.map((entry) => [entry.action, entry.reason])).toEqual([
      ['vibe.hidden', null],
      ['vibe.restored', 'Harmless joke'],
    ])
    // The same reporters cannot hide it again until it changes.
    const again = await reportVibe(t, watcher, vibe.id)
    expect(again.statusCode).toBe(201)
    expect(await feedIds(t, watcher)).toContain(vibe.id)
  })

  it('restores with no body at all, and a visible vibe’s reports are dismissed', async () => {
    const mod = await moderator()
    const { vibe } = await reportedVibe(1)
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/vibes/${vibe.id}/restore`,
      headers: bearer(mod.accessToken),
    })
    expect(answer.statusCode, answer.body).toBe(200)
    const open = await t.database.db
      .selectFrom('vibe_reports')
      .select('handled_at')
      .where('vibe_id', '=', vibe.id)
      .execute()
    expect(open).toEqual([{ handled_at: clock.now() }])
  })

  it('removes a vibe: gone from every feed and live client, its author told why', async () => {
    const mod = await moderator()
    const url = await listen()
    const { user: author, vibe } = await signUpWithVibe(t, vibeOf('Removed', 'Selling tickets x3'))
    const watcher = await signUpUser(t)
    const authorSocket = await LiveTestClient.signedIn(url, author.accessToken)
    const watcherSocket = await LiveTestClient.signedIn(url, watcher.accessToken)
    try {
      const reason = 'Ticket touting is not allowed'
      const answer = await moderate(t, mod, `vibes/${vibe.id}/remove`, { reason })
      expect(answer.statusCode).toBe(200)
      expect(answer.json().vibe.moderation).toEqual({ state: 'removed', reason })
      expect(await feedIds(t, watcher)).not.toContain(vibe.id)
      expect(await mine(author)).toMatchObject({ moderation: { state: 'removed', reason } })
      const isChange = (m: { type: string; id?: string }) => m.type === 'vibe' && m.id === vibe.id
      expect(await watcherSocket.next(isChange)).toEqual({
        type: 'vibe',
        op: 'delete',
        id: vibe.id,
      })
      expect(await authorSocket.next(isChange)).toMatchObject({
        op: 'update',
        vibe: { moderation: { state: 'removed', reason } },
      })
      // Unchanged text stays removed; a changed status that passes the word list comes back.
      const same = await patch(author, vibe.id, { ...vibeFields(vibe), emoji: '🙂' })
      expect(same.json().vibe.moderation.state).toBe('removed')
      const changed = await patch(author, vibe.id, { ...vibeFields(vibe), status: 'Sorry!' })
      expect(changed.json().vibe.moderation).toEqual({ state: 'visible', reason: null })
      expect(await feedIds(t, watcher)).toContain(vibe.id)
      const back = (m: { type: string; id?: string; op?: string }) =>
        isChange(m) && m.op === 'insert'
      expect(await watcherSocket.next(back)).toMatchObject({ vibe: { status: 'Sorry!' } })
    } finally {
      authorSocket.close()
      watcherSocket.close()
    }
  })

  it('suspends a user: no posting until then, sessions and live sockets end at once', async () => {
    const mod = await moderator()
    const { user, vibe } = await signUpWithVibe(t, vibeOf('Suspended'))
    const socket = await LiveTestClient.signedIn(await listen(), user.accessToken)
    const answer = await moderate(t, mod, `users/${user.userId}/suspend`, {
      hours: 24,
      reason: 'Harassing other fans',
    })
    expect(answer.statusCode).toBe(200)
    const until = new Date(clock.now() + 24 * HOUR).toISOString()
    expect(answer.json()).toEqual({
      suspension: { userId: user.userId, until, reason: 'Harassing other fans' },
      sessionsEnded: 1,
    })
    expect((await socket.closed).code).toBe(4401)
    const old = await t.app.inject({ url: '/api/vibes/mine', headers: bearer(user.accessToken) })
    expect(old.statusCode).toBe(401)
    // Signed in again, they read but cannot post, and are told until when.
    const fresh = await signInAgain(user)
    const refused = await patch(fresh, vibe.id, vibeFields(vibe))
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({
      code: 'account_suspended',
      message: `Your account is suspended until ${until} (Harassing other fans): you can't post or update your vibe until then`,
      details: { until },
    })
    // Until it ends by itself.
    clock.advance(24 * HOUR + 1)
    const dayAfter = await signInAgain(user)
    expect((await patch(dayAfter, vibe.id, vibeFields(vibe))).statusCode).toBe(200)
  })

  it('says in the queue until when a vibe’s author is suspended, while they are', async () => {
    const mod = await moderator()
    const { user, vibe } = await reportedVibe(1)
    const suspendedUntil = async (asked: SignedUpUser) => {
      const items = (await moderate(t, asked, 'queue')).json().items as QueueItem[]
      return items.find((item) => item.vibe.id === vibe.id)?.authorSuspendedUntil
    }
    expect(await suspendedUntil(mod)).toBeNull()
    await moderate(t, mod, `users/${user.userId}/suspend`, { hours: 2, reason: 'Spam' })
    expect(await suspendedUntil(mod)).toBe(new Date(clock.now() + 2 * HOUR).toISOString())
    // Two hours on (the moderator signs in again): over, so not said.
    clock.advance(2 * HOUR)
    expect(await suspendedUntil(await signInAgain(mod))).toBeNull()
  })

  it('lifts a suspension early; a second lift is 404 suspension_not_found', async () => {
    const mod = await moderator()
    const { user, vibe } = await signUpWithVibe(t, vibeOf('Lifted'))
    await moderate(t, mod, `users/${user.userId}/suspend`, { hours: 2, reason: 'Spam' })
    const fresh = await signInAgain(user)
    expect((await patch(fresh, vibe.id, vibeFields(vibe))).statusCode).toBe(403)
    const lifted = await moderate(t, mod, `users/${user.userId}/unsuspend`, { reason: 'Appeal' })
    expect(lifted.json()).toEqual({ lifted: true })
    expect((await patch(fresh, vibe.id, vibeFields(vibe))).statusCode).toBe(200)
    const twice = await moderate(t, mod, `users/${user.userId}/unsuspend`, {})
    expect(twice.statusCode).toBe(404)
    expect(twice.json().code).toBe('suspension_not_found')
  })

  it('refuses to suspend oneself, an unknown account, or (as a moderator) an organiser', async () => {
    const mod = await moderator()
    const self = await moderate(t, mod, `users/${mod.userId}/suspend`, { hours: 1, reason: 'x' })
    expect(self.json().code).toBe('forbidden')
    const unknown = await moderate(t, mod, 'users/no-such-user/suspend', { hours: 1, reason: 'x' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('user_not_found')
    const organiser = await signUpUser(t)
    await setRole(t, organiser, 'organiser')
    const boss = await moderate(t, mod, `users/${organiser.userId}/suspend`, {
      hours: 1,
      reason: 'x',
    })
    expect(boss.statusCode).toBe(403)
    expect(boss.json().code).toBe('role_required')
    // An organiser may suspend a moderator.
    const ok = await moderate(t, organiser, `users/${mod.userId}/suspend`, {
      hours: 1,
      reason: 'x',
    })
    expect(ok.statusCode).toBe(200)
  })

  it('validates the moderators’ inputs', async () => {
    const mod = await moderator()
    const { user, vibe } = await signUpWithVibe(t, vibeOf('Validated'))
    const cases: [string, object, string][] = [
      [`vibes/${vibe.id}/remove`, {}, 'reason'],
      [`vibes/${vibe.id}/remove`, { reason: '  ' }, 'reason'],
      [`users/${user.userId}/suspend`, { hours: 0, reason: 'x' }, 'hours'],
      [`users/${user.userId}/suspend`, { hours: 1.5, reason: 'x' }, 'hours'],
      [`users/${user.userId}/suspend`, { hours: 721, reason: 'x' }, 'hours'],
      [`users/${user.userId}/suspend`, { hours: 1 }, 'reason'],
    ]
    for (const [path, body, field] of cases) {
      const answer = await moderate(t, mod, path, body as Record<string, unknown>)
      expect(answer.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400)
      expect(Object.keys(answer.json().details)).toContain(field)
    }
    const missing = await moderate(t, mod, 'vibes/no-such-vibe/remove', { reason: 'x' })
    expect(missing.json().code).toBe('vibe_not_found')
  })

  it('a revoked role stops working at once, whatever the token says', async () => {
    const mod = await moderator()
    expect((await moderate(t, mod, 'queue')).statusCode).toBe(200)
    await setRole(t, mod, 'moderator', false)
    const answer = await moderate(t, mod, 'queue')
    expect(answer.statusCode).toBe(403)
    expect(answer.json().code).toBe('role_required')
  })

  async function signInAgain(user: SignedUpUser): Promise<SignedUpUser> {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: user.email, password: 'correct horse battery staple' },
    })
    return { ...user, accessToken: answer.json().access_token }
  }
})

const vibeFields = (vibe: { username: string; emoji: string; status: string }) => ({
  username: vibe.username,
  emoji: vibe.emoji,
  status: vibe.status,
})
