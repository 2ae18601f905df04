import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { moderate, reportVibe, setRole, vibeOf } from '../test/safety-helpers'
import { useTestApp } from '../test/test-app'
import { postVibe, signUpWithVibe } from '../test/vibe-helpers'

describe('the audit log', () => {
  const t = useTestApp()

  const organiser = async () => {
    const user = await signUpUser(t)
    await setRole(t, user, 'organiser')
    return user
  }
  const entries = async (reader: SignedUpUser, query = '') => {
    const answer = await moderate(t, reader, `audit${query}`)
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json()
  }

  it('lets organisers read who did what, when and why; moderators may not', async () => {
    const boss = await organiser()
    const mod = await signUpUser(t)
    await setRole(t, mod, 'moderator')
    const modVibe = await postVibe(t, mod, vibeOf('Mod Maya'))
    const { user: author, vibe } = await signUpWithVibe(t, vibeOf('Author Ari'))
    await moderate(t, mod, `vibes/${vibe.id}/remove`, { reason: 'Touting' })
    await moderate(t, mod, `users/${author.userId}/suspend`, { hours: 3, reason: 'Touting again' })

    const refused = await moderate(t, mod, 'audit')
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({
      code: 'role_required',
      message: 'This needs the organiser role',
    })

    const page = await entries(boss)
    const [suspended, removed] = page.entries
    const maya = {
      pseudonym: expect.stringMatching(/^p_/),
      userId: mod.userId,
      name: modVibe.username,
    }
    const ari = {
      pseudonym: expect.stringMatching(/^p_/),
      userId: author.userId,
      name: vibe.username,
    }
    expect(suspended).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      action: 'user.suspended',
      actor: maya,
      subject: ari,
      vibeId: null,
      reason: 'Touting again',
      details: { hours: 3, until: expect.any(String) },
    })
    expect(removed).toMatchObject({
      action: 'vibe.removed',
      actor: maya,
      subject: ari,
      vibeId: vibe.id,
      reason: 'Touting',
      details: { reportsHandled: 0 },
    })
    // The roles CLI's grants are there too, by "an operator".
    expect(page.entries).toContainEqual(
      expect.objectContaining({
        action: 'role.granted',
        actor: { pseudonym: 'operator', userId: null, name: 'an operator (command line)' },
        subject: expect.objectContaining({ userId: mod.userId }),
        details: { role: 'moderator' },
      }),
    )
    // No e-mail address, ever.
    expect(JSON.stringify(page)).not.toMatch(/@example\.test/)
  })

  it('names the server for an automatic hide, and "a deleted account" once one is gone', async () => {
    const boss = await organiser()
    const { user: author, vibe } = await signUpWithVibe(t, vibeOf('Gone Soon'))
    for (let i = 0; i < 3; i += 1) await reportVibe(t, await signUpUser(t), vibe.id)
    const before = (await entries(boss)).entries.find(
      (entry: { vibeId: string }) => entry.vibeId === vibe.id,
    )
    expect(before).toMatchObject({
      action: 'vibe.hidden',
      actor: { pseudonym: 'system', userId: null, name: 'the server (automatic)' },
      subject: { userId: author.userId, name: vibe.username },
      details: { reports: 3 },
    })
    expect(await t.app.ctx.auth.deleteAccount(author.userId)).toBe(true)
    const after = (await entries(boss)).entries.find(
      (entry: { vibeId: string }) => entry.vibeId === vibe.id,
    )
    // The action stays; the person is a pseudonym nobody can resolve any more.
    expect(after).toMatchObject({
      action: 'vibe.hidden',
      subject: { pseudonym: before.subject.pseudonym, userId: null, name: 'a deleted account' },
    })
    const people = await t.database.db
      .selectFrom('audit_people')
      .selectAll()
      .where('user_id', '=', author.userId)
      .execute()
    expect(people).toEqual([])
  })

  it('pages newest first with a cursor, and refuses a forged one', async () => {
    const boss = await organiser()
    for (let i = 0; i < 3; i += 1) await setRole(t, await signUpUser(t), 'moderator')
    const first = await entries(boss, '?limit=2')
    expect(first.entries).toHaveLength(2)
    expect(first.nextCursor).toEqual(expect.any(String))
    const second = await entries(boss, `?limit=2&cursor=${first.nextCursor}`)
    expect(second.entries[0].at <= first.entries[1].at).toBe(true)
    expect(second.entries.map((e: { id: string }) => e.id)).not.toContain(first.entries[1].id)
    const forged = await moderate(t, boss, 'audit?cursor=bm90LWEtY3Vyc29y')
    expect(forged.statusCode).toBe(400)
    expect(forged.json().code).toBe('validation_failed')
  })

  it('cannot be changed: an UPDATE and a DELETE are refused by the database', async () => {
    await setRole(t, await signUpUser(t), 'moderator')
    const count = async () =>
      (await t.database.db.selectFrom('audit_log').select('id').execute()).length
    const before = await count()
    expect(before).toBeGreaterThan(0)
    await expect(
      sql`update audit_log set reason = 'rewritten'`.execute(t.database.db),
    ).rejects.toThrow(/the audit log cannot be changed/)
    await expect(sql`delete from audit_log`.execute(t.database.db)).rejects.toThrow(
      /the audit log cannot be changed/,
    )
    expect(await count()).toBe(before)
    const rewritten = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('reason', '=', 'rewritten')
      .execute()
    expect(rewritten).toEqual([])
  })
})
