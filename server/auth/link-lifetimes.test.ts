import { describe, expect, it } from 'vitest'
import {
  bearer,
  followLink,
  fragmentOf,
  getUser,
  latestMail,
  recover,
  refresh,
  signIn,
  signUpUser,
  updateUser,
} from '../test/auth-helpers'
import { useTestApp } from '../test/test-app'

describe('e-mail links are void once a newer one is issued or the password changes', () => {
  const t = useTestApp()

  const outcomeOf = async (link: string) => {
    const fragment = fragmentOf((await followLink(t, link)).headers.location)
    return fragment.get('error_code') ?? fragment.get('type')
  }

  it('a newer recovery link voids the older one', async () => {
    const user = await signUpUser(t)
    await recover(t, user.email)
    const older = (await latestMail(t.outbox, user.email, { count: 1 })).link
    await recover(t, user.email)
    const newer = (await latestMail(t.outbox, user.email, { count: 2 })).link
    expect(await outcomeOf(older)).toBe('otp_expired')
    expect(await outcomeOf(newer)).toBe('recovery')
  })

  it('a password change voids every outstanding link and every other session', async () => {
    const user = await signUpUser(t)
    const otherDevice = (await signIn(t, user.email)).json()
    await recover(t, user.email)
    const outstanding = (await latestMail(t.outbox, user.email)).link

    const changed = await updateUser(t, user.accessToken, {
      password: 'a different long passphrase',
    })
    expect(changed.statusCode).toBe(200)

    expect(await outcomeOf(outstanding)).toBe('otp_expired')
    const other = await t.app.inject({
      url: '/api/vibes/mine',
      headers: bearer(otherDevice.access_token),
    })
    expect(other.statusCode).toBe(401)
    const otherRefresh = await refresh(t, otherDevice.refresh_token)
    expect(otherRefresh.json().code).toBe('refresh_token_not_found')
    // The device that changed it carries on.
    const mine = await getUser(t, user.accessToken)
    expect(mine.statusCode).toBe(200)
  })
})
