import { AuthApiError, AuthWeakPasswordError, isAuthSessionMissingError } from '@supabase/auth-js'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAuthClient, GOOD_PASSWORD, uniqueEmail } from '../test/auth-helpers'
import { useTestApp } from '../test/test-app'

// The unmodified @supabase/auth-js client against our server: the compatibility promise.
describe('@supabase/auth-js against /auth/v1', () => {
  let baseUrl: string
  const t = useTestApp()
  beforeAll(async () => {
    baseUrl = await t.listen()
  })

  it('signs up into a session in the spec shape, and reads the user back', async () => {
    const auth = createAuthClient(baseUrl)
    const email = uniqueEmail()
    const { data, error } = await auth.signUp({ email, password: GOOD_PASSWORD })
    expect(error).toBeNull()
    const session = data.session!
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 })
    expect(session.access_token.split('.')).toHaveLength(3)
    expect(session.refresh_token.length).toBeGreaterThanOrEqual(22)
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000)
    expect(session.user).toMatchObject({ email, aud: 'authenticated', factors: [] })
    expect(session.user.identities?.[0]).toMatchObject({ provider: 'email', email })
    expect(JSON.stringify(data)).not.toMatch(/argon2|encrypted_password/)

    const { data: fetched } = await auth.getUser()
    expect(fetched.user?.id).toBe(session.user.id)
  })

  it('signs in, refreshes and signs out', async () => {
    const email = uniqueEmail()
    await createAuthClient(baseUrl).signUp({ email, password: GOOD_PASSWORD })
    const auth = createAuthClient(baseUrl)
    const { data, error } = await auth.signInWithPassword({ email, password: GOOD_PASSWORD })
    expect(error).toBeNull()
    const first = data.session!

    const { data: refreshed, error: refreshError } = await auth.refreshSession()
    expect(refreshError).toBeNull()
    expect(refreshed.session!.refresh_token).not.toBe(first.refresh_token)

    expect((await auth.signOut()).error).toBeNull()
    const again = createAuthClient(baseUrl)
    const replay = await again.refreshSession({ refresh_token: refreshed.session!.refresh_token })
    expect(replay.error).toBeInstanceOf(AuthApiError)
    expect(replay.error?.code).toBe('refresh_token_not_found')
  })

  it('raises invalid_credentials for a wrong password and for an unknown address alike', async () => {
    const email = uniqueEmail()
    await createAuthClient(baseUrl).signUp({ email, password: GOOD_PASSWORD })
    const auth = createAuthClient(baseUrl)
    const wrong = await auth.signInWithPassword({ email, password: 'not the password' })
    const unknown = await auth.signInWithPassword({ email: uniqueEmail(), password: GOOD_PASSWORD })
    for (const { error } of [wrong, unknown]) {
      expect(error).toBeInstanceOf(AuthApiError)
      expect(error?.code).toBe('invalid_credentials')
      expect(error?.message).toBe('Invalid login credentials')
      expect(error?.status).toBe(400)
    }
  })

  it('raises AuthWeakPasswordError with readable reasons', async () => {
    const auth = createAuthClient(baseUrl)
    const short = await auth.signUp({ email: uniqueEmail(), password: 'abc' })
    expect(short.error).toBeInstanceOf(AuthWeakPasswordError)
    expect((short.error as AuthWeakPasswordError).reasons).toEqual(['length'])
    expect(short.error?.message).toBe('Password should be at least 8 characters.')

    const common = await auth.signUp({ email: uniqueEmail(), password: 'password123' })
    expect(common.error).toBeInstanceOf(AuthWeakPasswordError)
    expect((common.error as AuthWeakPasswordError).reasons).toEqual(['pwned'])
    expect(common.error?.status).toBe(422)
  })

  it('treats a signed-out session as missing, so the client drops it', async () => {
    const auth = createAuthClient(baseUrl)
    const { data } = await auth.signUp({ email: uniqueEmail(), password: GOOD_PASSWORD })
    const other = createAuthClient(baseUrl)
    await other.setSession({
      access_token: data.session!.access_token,
      refresh_token: data.session!.refresh_token,
    })
    await other.signOut({ scope: 'global' })
    const { error } = await auth.getUser()
    expect(isAuthSessionMissingError(error)).toBe(true)
  })

  it('signs out the other devices only with scope "others", and every device with "global"', async () => {
    const email = uniqueEmail()
    const phone = createAuthClient(baseUrl)
    await phone.signUp({ email, password: GOOD_PASSWORD })
    const laptop = createAuthClient(baseUrl)
    const tablet = createAuthClient(baseUrl)
    for (const device of [laptop, tablet]) {
      expect((await device.signInWithPassword({ email, password: GOOD_PASSWORD })).error).toBeNull()
    }

    expect((await phone.signOut({ scope: 'others' })).error).toBeNull()
    expect((await phone.getUser()).error).toBeNull()
    for (const device of [laptop, tablet]) {
      expect(isAuthSessionMissingError((await device.getUser()).error)).toBe(true)
    }

    const again = createAuthClient(baseUrl)
    await again.signInWithPassword({ email, password: GOOD_PASSWORD })
    expect((await again.signOut({ scope: 'global' })).error).toBeNull()
    expect(isAuthSessionMissingError((await phone.getUser()).error)).toBe(true)
  })
})
