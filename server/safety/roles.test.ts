import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { bearer, createAuthClient, GOOD_PASSWORD, signUpUser } from '../test/auth-helpers'
import { moderate, setRole } from '../test/safety-helpers'
import { useTestApp } from '../test/test-app'

describe('roles', () => {
  const t = useTestApp()

  const signIn = async (email: string) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email, password: GOOD_PASSWORD },
    })
    expect(answer.statusCode).toBe(200)
    return answer.json()
  }

  it('carries roles in the token and the user as GoTrue does: app_metadata.roles', async () => {
    const user = await signUpUser(t)
    // None: the claims and the user are exactly as before.
    expect(decodeJwt(user.accessToken).app_metadata).toEqual({
      provider: 'email',
      providers: ['email'],
    })
    await setRole(t, user, 'organiser')
    await setRole(t, user, 'moderator')
    const session = await signIn(user.email)
    const roles = ['moderator', 'organiser']
    expect(decodeJwt(session.access_token).app_metadata).toEqual({
      provider: 'email',
      providers: ['email'],
      roles,
    })
    expect(session.user.app_metadata.roles).toEqual(roles)
    const current = await t.app.inject({
      url: '/auth/v1/user',
      headers: bearer(session.access_token),
    })
    expect(current.json().app_metadata).toEqual({ provider: 'email', providers: ['email'], roles })
    // A refresh (one prepared statement on PostgreSQL) carries them on.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: session.refresh_token },
    })
    expect(decodeJwt(refreshed.json().access_token).app_metadata).toMatchObject({ roles })
    // Revoked: gone from the next token.
    await setRole(t, user, 'organiser', false)
    const after = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: refreshed.json().refresh_token },
    })
    expect(after.json().user.app_metadata.roles).toEqual(['moderator'])
  })

  it('reaches @supabase/auth-js unchanged: getUser and the session show the roles', async () => {
    const baseUrl = await t.listen()
    const user = await signUpUser(t)
    await setRole(t, user, 'moderator')
    const auth = createAuthClient(baseUrl)
    const { data, error } = await auth.signInWithPassword({
      email: user.email,
      password: GOOD_PASSWORD,
    })
    expect(error).toBeNull()
    expect(data.user?.app_metadata.roles).toEqual(['moderator'])
    const { data: fetched } = await auth.getUser()
    expect(fetched.user?.app_metadata).toEqual({
      provider: 'email',
      providers: ['email'],
      roles: ['moderator'],
    })
  })

  it('trusts the database, not the token: a token claiming a role grants nothing', async () => {
    const user = await signUpUser(t)
    await setRole(t, user, 'organiser')
    const session = await signIn(user.email)
    expect((await moderate(t, { accessToken: session.access_token }, 'audit')).statusCode).toBe(200)
    await setRole(t, user, 'organiser', false)
    const stale = await moderate(t, { accessToken: session.access_token }, 'audit')
    expect(stale.statusCode).toBe(403)
    expect(stale.json().code).toBe('role_required')
  })

  describe('the user:role command', () => {
    const run = async (...args: string[]) => {
      try {
        const { stdout, stderr } = await promisify(execFile)(
          process.execPath,
          ['--import', 'tsx', 'server/cli/user-role.ts', ...args],
          { env: { ...process.env, DATABASE_URL: t.testDatabase.url, NODE_ENV: 'test' } },
        )
        return { code: 0, stdout, stderr }
      } catch (error) {
        const failed = error as { code: number; stdout: string; stderr: string }
        return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
      }
    }

    it('grants, lists and revokes a role, and writes each change to the audit log', async () => {
      const user = await signUpUser(t)
      expect(await run(user.email)).toEqual({
        code: 0,
        stdout: `${user.email}: no roles (a user)\n`,
        stderr: '',
      })
      const granted = await run(user.email, 'moderator')
      expect(granted.code).toBe(0)
      expect(granted.stdout).toContain(`${user.email} now has the moderator role.`)
      expect((await run(user.email, 'moderator')).stdout).toContain(
        'already has the moderator role',
      )
      expect((await run(user.email)).stdout).toBe(`${user.email}: moderator\n`)
      const revoked = await run(user.email, 'moderator', '--revoke')
      expect(revoked.stdout).toContain(`${user.email} no longer has the moderator role.`)
      const log = await t.database.db
        .selectFrom('audit_log')
        .innerJoin('audit_people', 'audit_people.pseudonym', 'audit_log.subject')
        .select(['audit_log.action', 'audit_log.actor', 'audit_log.details'])
        .where('audit_people.user_id', '=', user.userId)
        .orderBy('audit_log.at')
        .execute()
      expect(log).toEqual([
        { action: 'role.granted', actor: 'operator', details: '{"role":"moderator"}' },
        { action: 'role.revoked', actor: 'operator', details: '{"role":"moderator"}' },
      ])
    })

    it('says so for an unknown address (exit 1) and a wrong call (usage, exit 2)', async () => {
      const unknown = await run('nobody@example.test', 'moderator')
      expect(unknown.code).toBe(1)
      expect(unknown.stderr).toContain('There is no account with the address nobody@example.test.')
      for (const args of [
        [],
        ['someone@example.test', 'admin'],
        ['someone@example.test', '--revoke'],
      ]) {
        const wrong = await run(...args)
        expect(wrong.code, args.join(' ')).toBe(2)
        expect(wrong.stderr).toContain(
          'Usage: npm run user:role -- EMAIL [moderator|organiser [--revoke]]',
        )
      }
    })
  })
})
