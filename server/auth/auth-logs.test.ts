import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { bearer, GOOD_PASSWORD, latestMail, uniqueEmail } from '../test/auth-helpers'
import { useTestApp } from '../test/test-app'

describe('what auth leaves in responses and logs', () => {
  const lines: string[] = []
  const t = useTestApp(
    { LOG_LEVEL: 'trace', AUTH_EMAIL_CONFIRMATION: 'true' },
    { logStream: { write: (line) => void lines.push(line) } },
  )

  it('no password, hash or token appears in any log line or in another user’s responses', async () => {
    const email = uniqueEmail()
    const secrets: string[] = [GOOD_PASSWORD]
    const bodies: string[] = []
    const call = async (options: InjectOptions) => {
      const response = await t.app.inject(options)
      bodies.push(response.body)
      return response
    }

    await call({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email, password: GOOD_PASSWORD },
    })
    const link = new URL((await latestMail(t.outbox, email)).link)
    secrets.push(link.searchParams.get('token')!)
    await call({ url: `${link.pathname}${link.search}` })
    const signIn = await call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email, password: GOOD_PASSWORD },
    })
    const session = signIn.json()
    secrets.push(session.access_token, session.refresh_token)
    const refreshed = await call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: session.refresh_token },
    })
    secrets.push(refreshed.json().refresh_token)
    await call({ url: '/auth/v1/user', headers: bearer(refreshed.json().access_token) })
    await call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email, password: 'a wrong guess' },
    })

    const hash = (
      await t.database.db
        .selectFrom('users')
        .select('encrypted_password')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).encrypted_password
    expect(lines.length).toBeGreaterThan(5)
    const log = lines.join('\n')
    for (const secret of [...secrets, hash, 'a wrong guess']) expect(log).not.toContain(secret)
    for (const body of bodies) expect(body).not.toContain(hash)
  })
})
