import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { writeTransaction } from '../db/database'
import { bearer, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { patchVibe, vibeOf } from '../test/safety-helpers'
import { createTestApp, useTestApp } from '../test/test-app'
import { postVibe, signUpWithVibe, uniqueUsername } from '../test/vibe-helpers'
import { usernameKey } from './look-alikes'

describe('what a vibe may say', () => {
  const t = useTestApp()

  const create = (user: SignedUpUser, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/vibes',
      headers: bearer(user.accessToken),
      payload: body,
    })
  const patch = (user: SignedUpUser, id: string, body: object) => patchVibe(t, user, id, body)

  describe('the word list', () => {
    it('holds back a new vibe whose status holds a listed word, however it is spelt: 422', async () => {
      const user = await signUpUser(t)
      for (const status of ['MDMA at gate B', 'got sum c0ca1ne', 'k e t a m i n e anyone?']) {
        const answer = await create(user, { ...vibeOf('Seller'), status })
        expect(answer.statusCode, status).toBe(422)
        expect(answer.json()).toMatchObject({
          code: 'vibe_held_back',
          message: expect.stringMatching(
            /^Your vibe status contains “\w+”, which isn't allowed here/,
          ),
          details: { status: expect.any(String) },
        })
      }
      const rows = await t.database.db
        .selectFrom('vibes')
        .select('id')
        .where('user_id', '=', user.userId)
        .execute()
      expect(rows).toEqual([])
    })

    it('holds back an update, and a username, and leaves the stored vibe as it was', async () => {
      const { user, vibe } = await signUpWithVibe(t, vibeOf('Clean'))
      const byStatus = await patch(user, vibe.id, { ...vibeOf('Clean'), status: 'fuck this queue' })
      expect(byStatus.json().code).toBe('vibe_held_back')
      const byName = await patch(user, vibe.id, { ...vibeOf('x'), username: 'ＸＴＣ dealer' })
      expect(byName.statusCode).toBe(422)
      expect(byName.json().details).toEqual({ username: expect.stringContaining('“xtc”') })
      const mine = await t.app.inject({ url: '/api/vibes/mine', headers: bearer(user.accessToken) })
      expect(mine.json().vibe).toMatchObject({ username: vibe.username, status: vibe.status })
    })

    it('lets innocent text through', async () => {
      const user = await signUpUser(t)
      const answer = await create(user, {
        ...vibeOf('Innocent'),
        status: 'Cocktails at Scunthorpe stage, coke and fries',
      })
      expect(answer.statusCode, answer.body).toBe(201)
    })

    it('reads MODERATION_WORDS_FILE at start, and refuses to start with a bad one', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'words-'))
      try {
        const good = join(dir, 'words.txt')
        writeFileSync(good, '# ours\nglitter bomb\n')
        const custom = await createTestApp({ MODERATION_WORDS_FILE: good })
        try {
          const user = await signUpUser(custom)
          const held = await custom.app.inject({
            method: 'POST',
            url: '/api/vibes',
            headers: bearer(user.accessToken),
            payload: { ...vibeOf('Glitter'), status: 'GLITTER-BOMB time' },
          })
          expect(held.json().code).toBe('vibe_held_back')
          // The shipped default is replaced, not added to.
          await postVibe(custom, user, { ...vibeOf('Glitter'), status: 'mdma' })
        } finally {
          await custom.close()
        }
        const bad = join(dir, 'bad.txt')
        writeFileSync(bad, 'ok\nco*ke\n')
        await expect(createTestApp({ MODERATION_WORDS_FILE: bad })).rejects.toThrow(
          /line 2 has a \* inside a word/,
        )
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })
  })

  describe('impersonation', () => {
    it('refuses a username that looks like another user’s: 409 username_taken', async () => {
      // The issue's story: a second account took 'LiveAlice'. This file's database is its own.
      const name = 'LiveAlice'
      const { vibe: alice } = await signUpWithVibe(t, { ...vibeOf(), username: name })
      const lookalikes = [
        'LiveAIice', // a capital I for the l
        'livealice',
        'Liv\u0435alice', // a Cyrillic е
        'LIVE_ALICE',
        'L1ve Al1ce',
        'Ｌｉｖｅ Ａｌｉｃｅ',
      ]
      const impostor = await signUpUser(t)
      for (const username of lookalikes) {
        const answer = await create(impostor, {
          username,
          emoji: '🕵',
          status: 'I am the real Alice, meet me at gate B',
        })
        expect(answer.statusCode, username).toBe(409)
        expect(answer.json()).toEqual({
          code: 'username_taken',
          message: expect.stringContaining('Someone already goes by this username'),
        })
      }
      // Renaming into it is refused too; the owner keeps using it.
      const own = await postVibe(t, impostor, vibeOf('Impostor'))
      const renamed = await patch(impostor, own.id, { ...vibeOf(), username: lookalikes[0] })
      expect(renamed.json().code).toBe('username_taken')
      const owner = await t.database.db
        .selectFrom('vibes')
        .select(['user_id', 'username_key'])
        .where('username_key', '=', usernameKey(name))
        .execute()
      expect(owner).toEqual([{ user_id: alice.userId, username_key: usernameKey(name) }])
    })

    it('lets one of two accounts claiming the same name at once have it', async () => {
      for (let round = 0; round < 5; round += 1) {
        const name = uniqueUsername('Twin')
        const [a, b] = await Promise.all([signUpUser(t), signUpUser(t)])
        const answers = await Promise.all([
          create(a, { ...vibeOf(), username: name }),
          create(b, { ...vibeOf(), username: name.toUpperCase() }),
        ])
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409])
        const rows = await t.database.db
          .selectFrom('vibes')
          .select('id')
          .where('username_key', '=', usernameKey(name))
          .execute()
        expect(rows).toHaveLength(1)
      }
    })

    it('gives rows from before migration 008 their keys; look-alikes already there keep working', async () => {
      const [first, second] = await Promise.all([signUpUser(t), signUpUser(t)])
      const name = uniqueUsername('Oldtimer')
      const now = Date.now()
      const old = (user: SignedUpUser, username: string) => ({
        id: randomUUID(),
        user_id: user.userId,
        username,
        emoji: '🎉',
        status: 'here before the rule',
        created_at: now,
        updated_at: now,
        moderation: 'visible' as const,
        moderation_reason: null,
        username_key: null,
      })
      const rows = [old(first, name), old(second, name.toUpperCase())]
      await writeTransaction(t.database, (trx) => trx.insertInto('vibes').values(rows).execute())
      expect(await t.app.ctx.vibes.fillUsernameKeys()).toBeGreaterThanOrEqual(2)
      const keys = await t.database.db
        .selectFrom('vibes')
        .select('username_key')
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute()
      expect(keys).toEqual([
        { username_key: usernameKey(name) },
        { username_key: usernameKey(name) },
      ])
      // Each keeps their name through an update; neither can take a new look-alike of it.
      const keep = await patch(second, rows[1]!.id, {
        username: name.toUpperCase(),
        emoji: '🙂',
        status: 'still me',
      })
      expect(keep.statusCode, keep.body).toBe(200)
      const change = await patch(second, rows[1]!.id, {
        username: name.toLowerCase(),
        emoji: '🙂',
        status: 'x',
      })
      expect(change.json().code).toBe('username_taken')
    })
  })

  afterAll(() => undefined)
})
