import { expect } from 'vitest'
import { insertRole } from '../auth/user-roles.repository'
import { writeTransaction } from '../db/database'
import { newPushSubscription } from '../reliability/authorization-matrix.rows'
import { claimReminders } from '../reminders/push.repository'
import { putSuspension } from '../safety/safety.repository'
import { bearer, GOOD_PASSWORD, type SignedUpUser, signUpUser } from './auth-helpers'
import { acceptInvite, checkIn, inviteCodeOf, STAGE_PAGES_KEY, stageCode } from './game-helpers'
import type { TestApp } from './test-app'
import { postVibe } from './vibe-helpers'
import { GATEWAYS, gatewaysFile, openPortal, postForm } from './wifi-helpers'

/** The app settings a busy account needs: a WiFi gateway, the stage pages, rate limits on. */
export const busyAccountEnv = () => ({
  WIFI_GATEWAYS_FILE: gatewaysFile(),
  GAME_STAGE_PAGES_KEY: STAGE_PAGES_KEY,
  RATE_LIMIT: 'on',
  RATE_LIMIT_SIGNIN_PER_IP: '10000',
  RATE_LIMIT_SIGNUP_PER_IP: '10000',
  RATE_LIMIT_EMAIL_PER_ADDRESS: '10000',
})

/**
 * An account that has used every feature, with others around it: a vibe, stars, reminder choices,
 * calendar and share links, follows both ways, invites both ways, a badge, a check-in, a WiFi pass
 * and device, a browser subscribed to reminders and a reminder sent, a mailed code, blocks both
 * ways, and rate-limit counters about it. Others' rows point at it too.
 */
export async function busyAccount(
  t: TestApp,
): Promise<{ me: SignedUpUser; others: SignedUpUser[] }> {
  const [me, crew, pest, fan, invitee] = await Promise.all(
    Array.from({ length: 5 }, () => signUpUser(t)),
  )
  const others = [crew!, pest!, fan!, invitee!]
  const as = (user: SignedUpUser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(user.accessToken), payload }).then((answer) => {
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBeLessThan(300)
      return answer
    })
  const user = me!

  await acceptInvite(t, user.accessToken, await inviteCodeOf(t, crew!.accessToken))
  await acceptInvite(t, invitee!.accessToken, await inviteCodeOf(t, user.accessToken))
  const vibes = []
  for (const [index, person] of [user, crew!, pest!, fan!, invitee!].entries()) {
    vibes.push(await postVibe(t, person, { username: `Busy${index}`, emoji: '🎉', status: 'here' }))
  }
  await as(user, 'GET', '/api/game')

  const [set] = (await t.app.inject({ url: '/api/lineup' })).json().data
  await as(user, 'PUT', `/api/schedule/stars/${set.key}`)
  await as(user, 'PUT', '/api/schedule/reminders', { minutesBefore: 10, changes: true })
  await as(user, 'GET', '/api/schedule/calendar')
  const mine = (await as(user, 'GET', '/api/schedule/share')).json().code
  const crews = (await as(crew!, 'GET', '/api/schedule/share')).json().code
  await as(user, 'POST', '/api/schedule/follows', { code: crews })
  await as(crew!, 'POST', '/api/schedule/follows', { code: mine })

  const [stage] = await t.app.ctx.game.stages()
  const checkedIn = await checkIn(t, user.accessToken, await stageCode(t, stage!))
  expect(checkedIn.statusCode, checkedIn.body).toBe(200)

  await as(user, 'GET', '/api/wifi/pass')
  const gateway = GATEWAYS[0]
  const { state } = await openPortal(t, gateway)
  const portal = await postForm(t, `/wifi/portal/${gateway.id}/sign-in`, {
    state,
    email: user.email,
    password: GOOD_PASSWORD,
  })
  expect(portal.statusCode, portal.body).toBe(303)

  await as(user, 'PUT', '/api/push/subscriptions', newPushSubscription('busy'))
  await writeTransaction(t.database, (trx) =>
    claimReminders(trx, [
      { user_id: user.userId, set_key: set.key, kind: `before:${set.start}`, sent_at: Date.now() },
    ]),
  )
  await as(user, 'GET', '/auth/v1/reauthenticate')

  // Safety: I report a vibe, moderate (a role, an audit-log pseudonym), and am suspended myself.
  await as(user, 'POST', `/api/vibes/${vibes[1]!.id}/reports`, { reason: 'spam', note: 'ads' })
  await writeTransaction(t.database, (trx) => insertRole(trx, user.userId, 'moderator', Date.now()))
  await as(user, 'POST', `/api/moderation/users/${invitee!.userId}/suspend`, {
    hours: 1,
    reason: 'flooding',
  })
  await writeTransaction(t.database, (trx) =>
    putSuspension(trx, {
      user_id: user.userId,
      until: Date.now() + 3_600_000,
      reason: 'a test',
      created_at: Date.now(),
    }),
  )

  await as(user, 'POST', '/api/blocks', { userId: pest!.userId })
  await as(fan!, 'POST', '/api/blocks', { userId: user.userId })
  return { me: user, others }
}
