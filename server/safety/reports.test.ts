import { describe, expect, it } from 'vitest'
import { bearer, signUpUser } from '../test/auth-helpers'
import { eventually, LiveTestClient } from '../test/live-test-client'
import { feedIds, reportVibe, vibeOf } from '../test/safety-helpers'
import { useTestApp } from '../test/test-app'
import { postVibe, signUpWithVibe } from '../test/vibe-helpers'

describe('reports', () => {
  const t = useTestApp()

  const mine = async (token: string) =>
    (await t.app.inject({ url: '/api/vibes/mine', headers: bearer(token) })).json().vibe

  it('files one report per account and vibe: 201, then 200 with nothing changed', async () => {
    const { vibe } = await signUpWithVibe(t, vibeOf('Reported'))
    const reporter = await signUpUser(t)
    const first = await reportVibe(t, reporter, vibe.id, { reason: 'spam', note: 'Buy followers' })
    expect(first.statusCode).toBe(201)
    expect(first.json()).toEqual({ reported: true })
    const again = await reportVibe(t, reporter, vibe.id, { reason: 'hate' })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ reported: false })
    const rows = await t.database.db
      .selectFrom('vibe_reports')
      .selectAll()
      .where('vibe_id', '=', vibe.id)
      .execute()
    expect(rows).toEqual([
      expect.objectContaining({
        reporter_id: reporter.userId,
        reason: 'spam',
        note: 'Buy followers',
      }),
    ])
  })

  it('refuses your own vibe with 409 report_own_vibe, and an unknown vibe with 404', async () => {
    const { user, vibe } = await signUpWithVibe(t, vibeOf('Self'))
    const own = await reportVibe(t, user, vibe.id)
    expect(own.statusCode).toBe(409)
    expect(own.json()).toEqual({
      code: 'report_own_vibe',
      message: "You can't report your own vibe",
    })
    const unknown = await reportVibe(t, user, '00000000-0000-0000-0000-000000000000')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('vibe_not_found')
  })

  it('validates the reason and the note with the shared text rules', async () => {
    const { vibe } = await signUpWithVibe(t, vibeOf('Validated'))
    const reporter = await signUpUser(t)
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ reason: 'boring' }, { reason: expect.stringContaining('Reason must be one of') }],
      [{}, { reason: expect.stringContaining('Reason must be one of') }],
      [{ reason: 'other', note: 'x'.repeat(281) }, { note: 'Note can be at most 280 characters' }],
      [{ reason: 'other', note: '\u200b\u200b' }, { note: "Note can't be blank" }],
      [
        { reason: 'other', note: 'a\u202Eb' },
        { note: "Note contains characters that aren't allowed" },
      ],
      [{ reason: 'other', extra: 1 }, { body: expect.any(String) }],
    ]
    for (const [body, details] of cases) {
      const answer = await reportVibe(t, reporter, vibe.id, body)
      expect(answer.statusCode, JSON.stringify(body)).toBe(400)
      expect(answer.json()).toMatchObject({ code: 'validation_failed', details })
    }
    const count = await t.database.db
      .selectFrom('vibe_reports')
      .select('vibe_id')
      .where('vibe_id', '=', vibe.id)
      .execute()
    expect(count).toEqual([])
  })

  it('hides a vibe after 3 reports from distinct accounts, for everyone but its author', async () => {
    const { user: author, vibe } = await signUpWithVibe(t, vibeOf('Hidden'))
    const watcher = await signUpUser(t)
    expect(await feedIds(t, watcher)).toContain(vibe.id) // the cached first page holds it now
    for (const count of [1, 2]) {
      await reportVibe(t, await signUpUser(t), vibe.id, { reason: 'harassment' })
      expect(await feedIds(t, watcher), `after ${count}`).toContain(vibe.id)
    }
    await reportVibe(t, await signUpUser(t), vibe.id, { reason: 'drugs' })
    expect(await feedIds(t, watcher)).not.toContain(vibe.id)
    expect(await feedIds(t, author)).not.toContain(vibe.id)
    // The author is told it is under review; to everyone else it is gone.
    expect(await mine(author.accessToken)).toMatchObject({
      id: vibe.id,
      moderation: { state: 'hidden', reason: null },
    })
    const row = await t.database.db
      .selectFrom('vibes')
      .select(['moderation'])
      .where('id', '=', vibe.id)
      .executeTakeFirstOrThrow()
    expect(row.moderation).toBe('hidden')
  })

  it('hides once when 20 reports race, and logs one automatic hide', async () => {
    const { vibe } = await signUpWithVibe(t, vibeOf('Raced'))
    const reporters = await Promise.all(Array.from({ length: 20 }, () => signUpUser(t)))
    const answers = await Promise.all(reporters.map((r) => reportVibe(t, r, vibe.id)))
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201))
    const reports = await t.database.db
      .selectFrom('vibe_reports')
      .select('reporter_id')
      .where('vibe_id', '=', vibe.id)
      .execute()
    expect(reports).toHaveLength(20)
    const hides = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('vibe_id', '=', vibe.id)
      .execute()
    expect(hides).toEqual([
      expect.objectContaining({ action: 'vibe.hidden', actor: 'system', details: '{"reports":3}' }),
    ])
  })

  it('tells every open client live: a delete to everyone, an update to the author', async () => {
    const baseUrl = await t.listen()
    const { user: author, vibe } = await signUpWithVibe(t, vibeOf('LiveHidden'))
    const other = await signUpUser(t)
    const authorSocket = await LiveTestClient.signedIn(baseUrl, author.accessToken)
    const otherSocket = await LiveTestClient.signedIn(baseUrl, other.accessToken)
    try {
      for (let i = 0; i < 3; i += 1) await reportVibe(t, await signUpUser(t), vibe.id)
      const isChange = (m: { type: string; id?: string }) => m.type === 'vibe' && m.id === vibe.id
      expect(await otherSocket.next(isChange)).toEqual({ type: 'vibe', op: 'delete', id: vibe.id })
      expect(await authorSocket.next(isChange)).toEqual({
        type: 'vibe',
        op: 'update',
        id: vibe.id,
        vibe: expect.objectContaining({
          id: vibe.id,
          moderation: { state: 'hidden', reason: null },
        }),
      })
      // Nobody else ever hears of its moderation.
      await eventually(() => otherSocket.messages.some(isChange))
      expect(JSON.stringify(otherSocket.messages)).not.toContain('moderation')
    } finally {
      authorSocket.close()
      otherSocket.close()
    }
  })

  it('an update of a hidden vibe keeps it hidden until a moderator looks', async () => {
    const { user: author, vibe } = await signUpWithVibe(t, vibeOf('StillHidden'))
    for (let i = 0; i < 3; i += 1) await reportVibe(t, await signUpUser(t), vibe.id)
    const update = await t.app.inject({
      method: 'PATCH',
      url: `/api/vibes/${vibe.id}`,
      headers: bearer(author.accessToken),
      payload: { username: vibe.username, emoji: '🙂', status: 'All good now' },
    })
    expect(update.statusCode).toBe(200)
    expect(update.json().vibe.moderation).toEqual({ state: 'hidden', reason: null })
    expect(await feedIds(t, await signUpUser(t))).not.toContain(vibe.id)
  })

  it('a hidden vibe’s author still posts nothing new: a second vibe is 409 as ever', async () => {
    const author = await signUpUser(t)
    await postVibe(t, author, vibeOf('Once'))
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/vibes',
      headers: bearer(author.accessToken),
      payload: vibeOf('Twice'),
    })
    expect(second.json().code).toBe('vibe_already_exists')
  })
})
