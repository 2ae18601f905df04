import { afterAll, describe, expect, it } from 'vitest'
import { bearer, type SignedUpUser, signIn, signUpUser } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { LiveTestClient } from '../test/live-test-client'
import { moderate, reportVibe, setRole, vibeOf } from '../test/safety-helpers'
import { useTestApp } from '../test/test-app'
import { signUpWithVibe } from '../test/vibe-helpers'
import { GATEWAYS, gatewaysFile, signInNewPhone } from '../test/wifi-helpers'

const HOUR = 3_600_000

describe('the organiser dashboard', () => {
  const clock = createFakeClock(Date.parse('2026-07-10T12:30:00.000Z'))
  const t = useTestApp({ WIFI_GATEWAYS_FILE: gatewaysFile() }, { now: clock.now })
  const people: SignedUpUser[] = []
  const names: string[] = []
  const sockets: LiveTestClient[] = []
  let organiser: SignedUpUser
  afterAll(() => {
    for (const socket of sockets) socket.close()
  })

  const stats = (user: Pick<SignedUpUser, 'accessToken'> | undefined, path = 'stats') =>
    t.app.inject({
      url: `/api/organiser/${path}`,
      headers: user ? bearer(user.accessToken) : {},
    })

  it('counts sign-ups per hour, vibes, live people, WiFi devices and reports, naming nobody', async () => {
    // 12:30: two people post a vibe.
    const alice = await signUpWithVibe(t, vibeOf('Alice'))
    const bob = await signUpWithVibe(t, vibeOf('Bob'))
    // 15:30: three more report Alice's vibe (hidden at three) and one of them Bob's.
    clock.advance(3 * HOUR)
    const reporters = [await signUpUser(t), await signUpUser(t), await signUpUser(t)]
    for (const reporter of reporters) {
      expect((await reportVibe(t, reporter, alice.vibe.id)).statusCode).toBe(201)
    }
    expect((await reportVibe(t, reporters[0]!, bob.vibe.id)).statusCode).toBe(201)
    // 16:30: the organiser restores Bob's vibe (one report handled); a phone joins the WiFi.
    clock.advance(HOUR)
    organiser = await signUpUser(t)
    await setRole(t, organiser, 'organiser')
    const restored = await moderate(t, organiser, `vibes/${bob.vibe.id}/restore`, {})
    expect(restored.statusCode, restored.body).toBe(200)
    const phone = await signInNewPhone(t, GATEWAYS[0])
    expect(phone.answer.statusCode).toBe(303)
    sockets.push(await LiveTestClient.signedIn(await t.listen(), organiser.accessToken))
    people.push(alice.user, bob.user, ...reporters, organiser, phone.user)
    names.push(alice.vibe.username, bob.vibe.username)

    const answer = await stats(organiser)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.headers['cache-control']).toBe('no-store')
    const body = answer.json()
    expect(body).toEqual({
      generatedAt: '2026-07-10T16:30:00.000Z',
      signUpsPerHour: expect.any(Array),
      people: { accounts: 7, withVibe: 2 },
      // The organiser's socket. Sessions of the last hour: the organiser's and the phone owner's
      // (16:30); the reporters' began an hour ago exactly, Alice's and Bob's four hours ago.
      online: { liveNow: 1, liveInstances: 1, liveOnThisInstance: 1, sessionsActiveLastHour: 2 },
      wifi: { devicesAdmitted: 1, devicesConnectedNow: 1 },
      reports: { open: 3, handled: 1, hiddenVibes: 1 },
    })
    const hours = body.signUpsPerHour as { hour: string; count: number }[]
    expect(hours).toHaveLength(48)
    expect(hours[0]!.hour).toBe('2026-07-08T17:00:00.000Z')
    expect(hours.at(-1)).toEqual({ hour: '2026-07-10T16:00:00.000Z', count: 2 })
    expect(hours.filter((hour) => hour.count > 0)).toEqual([
      { hour: '2026-07-10T12:00:00.000Z', count: 2 },
      { hour: '2026-07-10T15:00:00.000Z', count: 3 },
      { hour: '2026-07-10T16:00:00.000Z', count: 2 },
    ])
    expectNobodyIn(answer.body)
  })

  const expectNobodyIn = (body: string) => {
    expect(body).not.toMatch(/@/)
    for (const person of people) expect(body).not.toContain(person.userId)
    for (const name of names) expect(body).not.toContain(name)
  }

  it('downloads the same figures as a CSV file with no personal data', async () => {
    const answer = await stats(organiser, 'stats.csv')
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="vibeconnect-stats-2026-07-10-16h.csv"',
    )
    const lines = answer.body.trimEnd().split('\r\n')
    expect(lines.slice(0, 13)).toEqual([
      'metric,value',
      'generated_at,2026-07-10T16:30:00.000Z',
      'accounts,7',
      'people_with_a_vibe,2',
      'live_now,1',
      'live_instances,1',
      'live_on_this_instance,1',
      'sessions_active_last_hour,2',
      'wifi_devices_admitted,1',
      'wifi_devices_connected_now,1',
      'reports_open,3',
      'reports_handled,1',
      'vibes_hidden_pending_review,1',
    ])
    expect(lines[14]).toBe('hour_utc,sign_ups')
    expect(lines.slice(15)).toHaveLength(48)
    expect(lines).toContain('2026-07-10T15:00:00.000Z,3')
    expectNobodyIn(answer.body)
  })

  it('charts the last 48 hours only', async () => {
    clock.advance(45 * HOUR)
    const session = await signIn(t, organiser.email)
    organiser = { ...organiser, accessToken: session.json().access_token }
    const hours = (await stats(organiser)).json().signUpsPerHour as { count: number }[]
    // 12:00 two days ago is out; 15:00 and 16:00 are in.
    expect(hours.reduce((sum, hour) => sum + hour.count, 0)).toBe(5)
  })

  it('answers only organisers: 401 without a session, 403 role_required to anyone else', async () => {
    expect((await stats(undefined)).json().code).toBe('no_authorization')
    const user = await signUpUser(t)
    const moderator = await signUpUser(t)
    await setRole(t, moderator, 'moderator')
    for (const caller of [user, moderator]) {
      for (const path of ['stats', 'stats.csv']) {
        const answer = await stats(caller, path)
        expect(answer.statusCode, path).toBe(403)
        expect(answer.json()).toEqual({
          code: 'role_required',
          message: 'This needs the organiser role',
        })
      }
    }
    // A revoked role stops working at once, whatever the token says.
    await setRole(t, organiser, 'organiser', false)
    expect((await stats(organiser)).statusCode).toBe(403)
  })
})
