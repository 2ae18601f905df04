import { importJWK, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { PushPayloadSchema } from '../../shared/reminders/push.schema'
import { buildApp } from '../app'
import { type ConfigError, loadConfig } from '../config/config'
import { bearer, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { FRIDAY_LINEUP, servedSets, setNamed, storeLineup } from '../test/lineup-helpers'
import { LocalPushService, type TestSubscription } from '../test/push-service'
import { createTestApp, type TestApp } from '../test/test-app'

// Friday 2026-08-14 in Amsterdam (UTC+2). The app's clock starts at 19:00 UTC, 21:00 there.
const START = Date.parse('2026-08-14T19:00:00Z')
const LINEUP = FRIDAY_LINEUP
const MINUTE = 60_000

describe('push reminders', () => {
  const clock = createFakeClock(START)
  const logs: string[] = []
  let push: LocalPushService
  let t: TestApp

  beforeAll(async () => {
    push = await LocalPushService.start()
    t = await createTestApp(
      {
        LOG_LEVEL: 'debug',
        FESTIVAL_TIME_ZONE: 'Europe/Amsterdam',
        PUSH_SERVICE_HOSTS: '127.0.0.1',
        PUSH_SUBJECT: 'mailto:crew@sunwave.example',
        // Ticks are the test's to make (the clock is fake); lineup changes are seen at once.
        PUSH_REMINDER_INTERVAL_MS: '600000',
        LINEUP_WATCH_INTERVAL_MS: '100',
      },
      { now: clock.now, pushAgent: push.agent, logStream: { write: (line) => logs.push(line) } },
    )
    await storeLineup(t, LINEUP)
  })
  afterAll(async () => {
    await t.close()
    await push.close()
  })

  const call = (
    user: SignedUpUser,
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(user.accessToken), payload })
  const keyOf = async (name: string) => setNamed(await servedSets(t), name).key

  /** A signed-up fan with starred sets, reminder choices and a browser subscribed. */
  async function fan(
    stars: string[],
    reminders: { minutesBefore: 5 | 10 | 15 | 30 | null; changes: boolean },
  ): Promise<{ user: SignedUpUser; browser: TestSubscription }> {
    const user = await signUpUser(t)
    for (const name of stars) {
      expect((await call(user, 'PUT', `/api/schedule/stars/${await keyOf(name)}`)).statusCode).toBe(
        204,
      )
    }
    expect((await call(user, 'PUT', '/api/schedule/reminders', reminders)).statusCode).toBe(200)
    const browser = push.subscribe()
    const { path: _path, ...subscription } = browser
    expect((await call(user, 'PUT', '/api/push/subscriptions', subscription)).statusCode).toBe(204)
    return { user, browser }
  }
  const subscriptionsOf = (userId: string) =>
    t.database.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .execute()

  it('gives the VAPID public key, the same after a restart; configured keys win', async () => {
    const user = await signUpUser(t)
    const answer = await call(user, 'GET', '/api/push/key')
    expect(answer.statusCode).toBe(200)
    const { publicKey } = answer.json()
    expect(publicKey).toMatch(/^B[A-P][A-Za-z0-9_-]{85}$/)
    expect(answer.headers['cache-control']).toBe('no-store')

    const restarted = await buildApp(t.config, { database: t.testDatabase.open() })
    try {
      expect(restarted.ctx.reminders.publicKey().publicKey).toBe(publicKey)
    } finally {
      await restarted.close()
      await restarted.ctx.database.close()
    }
    const pair = webpush.generateVAPIDKeys()
    const configured = await buildApp(
      {
        ...t.config,
        PUSH_VAPID_PUBLIC_KEY: pair.publicKey,
        PUSH_VAPID_PRIVATE_KEY: pair.privateKey,
      },
      { database: t.testDatabase.open() },
    )
    try {
      expect(configured.ctx.reminders.publicKey().publicKey).toBe(pair.publicKey)
    } finally {
      await configured.close()
      await configured.ctx.database.close()
    }
  })

  it('refuses a configured VAPID pair that is not a pair, or half of one', () => {
    const [a, b] = [webpush.generateVAPIDKeys(), webpush.generateVAPIDKeys()]
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env)
        return []
      } catch (error) {
        return (error as ConfigError).problems
      }
    }
    expect(
      problems({ PUSH_VAPID_PUBLIC_KEY: a.publicKey, PUSH_VAPID_PRIVATE_KEY: a.privateKey }),
    ).toEqual([])
    expect(
      problems({ PUSH_VAPID_PUBLIC_KEY: a.publicKey, PUSH_VAPID_PRIVATE_KEY: b.privateKey }),
    ).toEqual([expect.stringMatching(/^PUSH_VAPID_PUBLIC_KEY: is not the public key/)])
    expect(problems({ PUSH_VAPID_PUBLIC_KEY: a.publicKey })).toEqual([
      expect.stringMatching(/^PUSH_VAPID_PRIVATE_KEY: .*together/),
    ])
    expect(problems({ PUSH_SUBJECT: 'me' })).toEqual([expect.stringMatching(/^PUSH_SUBJECT/)])
  })

  it('stores a subscription idempotently, moves an endpoint to whoever subscribes it last, deletes only the caller’s', async () => {
    const first = await signUpUser(t)
    const second = await signUpUser(t)
    const { path: _path, ...browser } = push.subscribe()
    for (let i = 0; i < 2; i++) {
      expect((await call(first, 'PUT', '/api/push/subscriptions', browser)).statusCode).toBe(204)
    }
    expect(await subscriptionsOf(first.userId)).toEqual([
      expect.objectContaining({ endpoint: browser.endpoint, p256dh: browser.keys.p256dh }),
    ])
    // The same browser, now signed in as someone else.
    expect((await call(second, 'PUT', '/api/push/subscriptions', browser)).statusCode).toBe(204)
    expect(await subscriptionsOf(first.userId)).toEqual([])
    expect(await subscriptionsOf(second.userId)).toHaveLength(1)
    const endpoint = { endpoint: browser.endpoint }
    expect((await call(first, 'DELETE', '/api/push/subscriptions', endpoint)).statusCode).toBe(204)
    expect(await subscriptionsOf(second.userId)).toHaveLength(1)
    expect((await call(second, 'DELETE', '/api/push/subscriptions', endpoint)).statusCode).toBe(204)
    expect((await call(second, 'DELETE', '/api/push/subscriptions', endpoint)).statusCode).toBe(204)
    expect(await subscriptionsOf(second.userId)).toEqual([])
  })

  it('refuses subscriptions that are not a push service’s, or whose keys are not keys', async () => {
    const user = await signUpUser(t)
    const { path: _path, ...good } = push.subscribe()
    const refused = async (subscription: object, field: string) => {
      const answer = await call(user, 'PUT', '/api/push/subscriptions', subscription)
      expect(answer.statusCode, answer.body).toBe(400)
      expect(answer.json().code).toBe('validation_failed')
      expect(Object.keys(answer.json().details ?? {})).toContain(field)
    }
    await refused({ ...good, endpoint: good.endpoint.replace('https:', 'http:') }, 'endpoint')
    await refused({ ...good, endpoint: 'https://169.254.169.254/latest/meta-data' }, 'endpoint')
    await refused({ ...good, endpoint: `${push.origin}/${'x'.repeat(1100)}` }, 'endpoint')
    await refused({ ...good, keys: { ...good.keys, p256dh: `B${'A'.repeat(86)}` } }, 'keys.p256dh')
    await refused(
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } },
      'keys.p256dh',
    )
    await refused({ ...good, keys: { ...good.keys, auth: 'short' } }, 'keys.auth')
    expect(await subscriptionsOf(user.userId)).toEqual([])
  })

  it('keeps an account’s ten newest browsers', async () => {
    const user = await signUpUser(t)
    const browsers = Array.from({ length: 12 }, () => push.subscribe())
    for (const { path: _path, ...browser } of browsers) {
      clock.advance(1)
      expect((await call(user, 'PUT', '/api/push/subscriptions', browser)).statusCode).toBe(204)
    }
    const kept = (await subscriptionsOf(user.userId)).map((row) => row.endpoint).sort()
    expect(kept).toEqual(
      browsers
        .slice(2)
        .map((browser) => browser.endpoint)
        .sort(),
    )
  })

  it('sends "starts in N min" once, when the chosen time comes: real encrypted pushes, VAPID-signed', async () => {
    const { user, browser } = await fan(['Nightjar'], { minutesBefore: 10, changes: false })
    const starredOnly = await fan(['Nightjar'], { minutesBefore: null, changes: false })
    const notStarred = await fan(['Moonwalk'], { minutesBefore: 10, changes: false })
    const scheduler = t.app.ctx.reminderScheduler

    clock.advance(Date.parse('2026-08-14T19:49:59Z') - clock.now())
    await scheduler.tick()
    expect(push.payloadsOf(browser)).toEqual([])

    clock.advance(1000) // 19:50:00, ten minutes before 20:00
    await scheduler.tick()
    await scheduler.tick()
    const payloads = push.payloadsOf(browser)
    expect(payloads).toEqual([
      {
        title: 'Nightjar starts in 10 min',
        body: 'Main · 22:00–23:30',
        url: '/?set=id.set-1',
        tag: 'set:id.set-1',
      },
    ])
    expect(PushPayloadSchema.strict().parse(payloads[0])).toBeTruthy()
    expect(push.payloadsOf(starredOnly.browser)).toEqual([])
    expect(push.payloadsOf(notStarred.browser)).toEqual([])

    const [received] = push.received.filter((each) => each.path === browser.path)
    expect(received!.headers.ttl).toBe('600')
    expect(received!.headers.urgency).toBe('high')
    const authorization = String(received!.headers.authorization)
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=(B[\w-]{86})$/.exec(authorization)
    expect(match, authorization).not.toBeNull()
    const [, jwt, key] = match!
    expect(key).toBe(t.app.ctx.reminders.publicKey().publicKey)
    const raw = Buffer.from(key!, 'base64url')
    const publicJwk = {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    }
    const { payload } = await jwtVerify(jwt!, await importJWK(publicJwk, 'ES256'), {
      audience: push.origin,
      subject: 'mailto:crew@sunwave.example',
    })
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000)

    const claimed = await t.database.db
      .selectFrom('reminders_sent')
      .selectAll()
      .where('user_id', '=', user.userId)
      .execute()
    expect(claimed).toEqual([
      expect.objectContaining({ set_key: 'id.set-1', kind: 'before:2026-08-14T20:00:00Z' }),
    ])
    // Later ticks, until the set starts and after: nothing more.
    clock.advance(9 * MINUTE)
    await scheduler.tick()
    clock.advance(5 * MINUTE)
    await scheduler.tick()
    expect(push.payloadsOf(browser)).toHaveLength(1)
  })

  it('sends a reminder once when two instances share the database, each ticking by itself', async () => {
    const { browser } = await fan(['Dawn Chorus'], { minutesBefore: 30, changes: false })
    const other = await buildApp(
      { ...t.config, PUSH_REMINDER_INTERVAL_MS: 50 },
      { database: t.testDatabase.open(), now: clock.now, pushAgent: push.agent },
    )
    await other.ready()
    try {
      clock.advance(Date.parse('2026-08-14T23:00:00Z') - clock.now())
      // Both at once, then the other instance's own timer keeps ticking.
      await Promise.all([t.app.ctx.reminderScheduler.tick(), other.ctx.reminderScheduler.tick()])
      await expect.poll(() => push.payloadsOf(browser)).toHaveLength(1)
      await new Promise((resolve) => setTimeout(resolve, 300))
      await t.app.ctx.reminderScheduler.tick()
      expect(push.payloadsOf(browser)).toEqual([
        expect.objectContaining({ title: 'Dawn Chorus starts in 30 min' }),
      ])
    } finally {
      await other.close()
      await other.ctx.database.close()
    }
  })

  it('tells fans who opted in what changed in the sets they starred, once per change', async () => {
    clock.advance(START - clock.now())
    const watcher = await fan(['Nightjar', 'Moonwalk'], { minutesBefore: null, changes: true })
    const quiet = await fan(['Nightjar'], { minutesBefore: 10, changes: false })
    const unstarred = await fan([], { minutesBefore: null, changes: true })
    const before = await servedSets(t)

    // Nightjar to another stage an hour later; Moonwalk cancelled.
    const moved = {
      ...LINEUP[0]!,
      stage: 'Forest',
      start: '2026-08-14T21:00:00Z',
      end: '2026-08-14T22:30:00Z',
    }
    await storeLineup(t, [moved, LINEUP[2]!, LINEUP[3]!])
    await expect.poll(() => push.payloadsOf(watcher.browser), { timeout: 3000 }).toHaveLength(2)
    expect(push.payloadsOf(watcher.browser)).toEqual(
      expect.arrayContaining([
        {
          title: 'Nightjar changed stage',
          body: 'Now Fri 14 Aug, 23:00 at Forest (was Fri 14 Aug, 22:00 at Main).',
          url: '/?set=id.set-1',
          tag: 'set:id.set-1',
        },
        {
          title: 'Moonwalk is cancelled',
          body: 'It was on Fri 14 Aug, 23:00 at Forest.',
          url: `/?set=${encodeURIComponent(setNamed(before, 'Moonwalk').key)}`,
          tag: `set:${setNamed(before, 'Moonwalk').key}`,
        },
      ]),
    )
    const change = push.received.find((each) => each.path === watcher.browser.path)!
    expect(change.headers.urgency).toBe('normal')

    // Another edit that leaves those changes as they are tells nothing new...
    await storeLineup(t, [
      moved,
      LINEUP[2]!,
      LINEUP[3]!,
      { name: 'Encore', stage: 'Main', date: '2026-08-14' },
    ])
    await t.app.ctx.reminderScheduler.lineupChanged()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(push.payloadsOf(watcher.browser)).toHaveLength(2)
    // ...and a further move of the set is told.
    await storeLineup(t, [{ ...moved, start: '2026-08-14T21:30:00Z' }, LINEUP[2]!, LINEUP[3]!])
    await expect.poll(() => push.payloadsOf(watcher.browser), { timeout: 3000 }).toHaveLength(3)
    expect(push.payloadsOf(watcher.browser)[2]).toMatchObject({ title: 'Nightjar changed stage' })

    expect(push.payloadsOf(quiet.browser)).toEqual([])
    expect(push.payloadsOf(unstarred.browser)).toEqual([])
    await storeLineup(t, LINEUP)
  })

  it('removes a subscription its push service calls gone (410), and logs other refusals without secrets', async () => {
    clock.advance(START - clock.now())
    const { user, browser } = await fan(['Moonwalk'], { minutesBefore: 15, changes: false })
    const { path: _path, ...second } = push.subscribe()
    const refusing = { ...second, path: _path }
    expect((await call(user, 'PUT', '/api/push/subscriptions', second)).statusCode).toBe(204)
    push.answerWith(browser, 410)
    push.answerWith(refusing, 500)
    logs.length = 0

    clock.advance(Date.parse('2026-08-14T20:45:00Z') - clock.now())
    await t.app.ctx.reminderScheduler.tick()
    expect((await subscriptionsOf(user.userId)).map((row) => row.endpoint)).toEqual([
      second.endpoint,
    ])

    const lines = logs.filter((line) => line.includes('"component":"reminders"'))
    expect(lines.map((line) => JSON.parse(line).msg).sort()).toEqual([
      'a push subscription expired and was removed',
      'a push was not delivered',
      'reminders sent',
    ])
    const refusal = JSON.parse(lines.find((line) => line.includes('not delivered'))!)
    expect(refusal).toMatchObject({ pushService: push.origin, status: 500, userId: user.userId })
    for (const secret of [
      browser.path,
      refusing.path,
      browser.keys.p256dh,
      browser.keys.auth,
      second.keys.auth,
    ]) {
      expect(lines.join('\n')).not.toContain(secret)
    }
  })

  it('with PUSH_REMINDERS=off, gives no key and stores no subscription', async () => {
    const off = await createTestApp({ PUSH_REMINDERS: 'off', PUSH_SERVICE_HOSTS: '127.0.0.1' })
    try {
      const user = await signUpUser(off)
      const key = await off.app.inject({ url: '/api/push/key', headers: bearer(user.accessToken) })
      expect(key.statusCode).toBe(404)
      expect(key.json().code).toBe('push_disabled')
      const { path: _path, ...browser } = push.subscribe()
      const put = await off.app.inject({
        method: 'PUT',
        url: '/api/push/subscriptions',
        headers: bearer(user.accessToken),
        payload: browser,
      })
      expect(put.json().code).toBe('push_disabled')
      expect(await off.database.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual(
        [],
      )
    } finally {
      await off.close()
    }
  })
})
