import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeJwt, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorEnvelopeSchema } from '../../shared/api/error-envelope'
import { bearer, GOOD_PASSWORD, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { LiveTestClient } from '../test/live-test-client'
import { fakeClient, fasQuery } from '../test/opennds-query'
import { setRole } from '../test/safety-helpers'
import { createTestApp, type TestApp } from '../test/test-app'
import { postVibe } from '../test/vibe-helpers'
import { formState, GATEWAYS, gatewaysFile, postForm } from '../test/wifi-helpers'
import {
  describeExpected,
  type Expected,
  KINDS,
  type Kind,
  matrixRows,
  newPushSubscription,
  OTHER_USERS,
  type Row,
} from './authorization-matrix.rows'

const TOKEN_LIFETIME_S = 60

// Every endpoint and the live channel, crossed with every kind of token the victim's attacker
// could hold (the rows and their expected answers are in authorization-matrix.rows.ts).
describe('authorization matrix', () => {
  const clock = createFakeClock()
  const outbox = mkdtempSync(join(tmpdir(), 'vibeconnect-matrix-outbox-'))
  const registered = new Set<string>()
  let t: TestApp
  let baseUrl: string
  let victim: SignedUpUser
  let attacker: SignedUpUser
  let moderator: SignedUpUser
  let organiser: SignedUpUser
  let victimVibeId: string
  let victimDeviceId: string
  let victimPassCode: string
  let victimInviteCode: string
  let starredKey: string
  let victimShareCode: string
  let victimCalendarPath: string
  let victimPushEndpoint: string
  let bystander: SignedUpUser
  const tokens = {} as Record<Kind, string | undefined>
  const secrets: string[] = []
  const passwords = new Map<string, string>()
  const actual: Record<string, Record<string, string>> = {}

  /** A new password session of `user`'s. */
  const signIn = async (user: SignedUpUser) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: user.email, password: passwords.get(user.userId) },
    })
    expect(answer.statusCode, answer.body).toBe(200)
    const session = answer.json()
    if (user === victim) secrets.push(session.refresh_token)
    return { access: session.access_token as string, refresh: session.refresh_token as string }
  }
  const rows: Row[] = matrixRows({
    get victim() {
      return victim
    },
    get attacker() {
      return attacker
    },
    get moderator() {
      return moderator
    },
    get organiser() {
      return organiser
    },
    victimVibeId: () => victimVibeId,
    victimDeviceId: () => victimDeviceId,
    victimInviteCode: () => victimInviteCode,
    starredKey: () => starredKey,
    victimShareCode: () => victimShareCode,
    victimCalendarPath: () => victimCalendarPath,
    victimPushEndpoint: () => victimPushEndpoint,
    signIn: async (user) => (await signIn(user)).refresh,
    passwords,
    bystanderId: () => bystander.userId,
  })

  beforeAll(async () => {
    t = await createTestApp(
      {
        AUTH_JWT_EXPIRY: String(TOKEN_LIFETIME_S),
        LIVE_HEARTBEAT_S: '1',
        MAIL_OUTBOX_DIR: outbox,
        WIFI_GATEWAYS_FILE: gatewaysFile(),
        GAME_STAGE_PAGES_KEY: 'organiser-key-of-the-matrix',
        // Three reporters (the other users) must not hide the victim's vibe mid-matrix.
        MODERATION_REPORTS_TO_HIDE: '10',
        METRICS_TOKEN: 'the-operators-metrics-token-of-the-matrix',
      },
      {
        now: clock.now,
        onRoute: (route) => {
          const methods = [route.method].flat()
          for (const method of methods) registered.add(`${method} ${route.url}`)
        },
      },
    )
    baseUrl = await t.listen()
    // The victim's first session: its access token expires when the clock moves on.
    victim = await signUpUser(t)
    passwords.set(victim.userId, GOOD_PASSWORD)
    tokens.expired = victim.accessToken
    secrets.push(victim.refreshToken)
    clock.advance((TOKEN_LIFETIME_S + 60) * 1000)
    tokens.own = (await signIn(victim)).access
    // A second session of the victim's, signed out on its own (the others stay).
    tokens.signedOut = (await signIn(victim)).access
    const logout = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/logout?scope=local',
      headers: bearer(tokens.signedOut),
    })
    expect(logout.statusCode).toBe(204)
    attacker = await signUpUser(t)
    passwords.set(attacker.userId, GOOD_PASSWORD)
    tokens.otherUser = attacker.accessToken
    // The attacker with a role: accounts of their own, granted as `npm run user:role` does.
    moderator = await signUpUser(t)
    organiser = await signUpUser(t)
    await setRole(t, moderator, 'moderator')
    await setRole(t, organiser, 'organiser')
    for (const user of [moderator, organiser]) passwords.set(user.userId, GOOD_PASSWORD)
    tokens.moderator = (await signIn(moderator)).access
    tokens.organiser = (await signIn(organiser)).access
    tokens.none = undefined
    tokens.malformed = 'not-a-jwt'
    // The victim's own claims, signed with a key that is not the server's...
    const claims = decodeJwt(tokens.own)
    tokens.otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(randomBytes(32))
    // ...and not signed at all.
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url')
    tokens.algNone = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`
    // The attacker's own valid token with the victim's identity pasted into its payload.
    const [header, , signature] = tokens.otherUser.split('.')
    const attackerClaims = decodeJwt(tokens.otherUser)
    tokens.tampered = `${header}.${encode({ ...attackerClaims, sub: victim.userId, email: victim.email })}.${signature}`

    const created = await postVibe(
      t,
      { accessToken: tokens.own! },
      {
        username: 'Victim',
        emoji: '🔒',
        status: 'victim-private-marker',
      },
    )
    victimVibeId = created.id
    // The victim's WiFi pass, and a phone it let through at a gateway.
    const pass = await t.app.inject({ url: '/api/wifi/pass', headers: bearer(tokens.own!) })
    victimPassCode = pass.json().code
    const gateway = GATEWAYS[0]
    const portal = await t.app.inject({
      url: `/wifi/portal/${gateway.id}/?${fasQuery(gateway, fakeClient())}`,
    })
    const admitted = await postForm(t, `/wifi/portal/${gateway.id}/code`, {
      state: formState(portal.body),
      code: victimPassCode,
    })
    victimDeviceId = new URL(String(admitted.headers.location)).searchParams.get('custom')!
    // The victim's invite link: the attacker (a new account) may follow it, the victim may not.
    const game = await t.app.inject({ url: '/api/game', headers: bearer(tokens.own!) })
    victimInviteCode = new URL(game.json().inviteUrl).searchParams.get('invite')!
    // The victim's schedule: a starred set, a share link and a calendar feed.
    starredKey = (await t.app.inject({ url: '/api/lineup' })).json().data[0].key
    const star = await t.app.inject({
      method: 'PUT',
      url: `/api/schedule/stars/${starredKey}`,
      headers: bearer(tokens.own!),
    })
    expect(star.statusCode).toBe(204)
    const share = await t.app.inject({ url: '/api/schedule/share', headers: bearer(tokens.own!) })
    victimShareCode = share.json().code
    const calendar = await t.app.inject({
      url: '/api/schedule/calendar',
      headers: bearer(tokens.own!),
    })
    victimCalendarPath = new URL(calendar.json().httpsUrl).pathname
    // The victim's browser, subscribed to reminders: its endpoint is a secret address.
    const browser = newPushSubscription('victim')
    victimPushEndpoint = browser.endpoint
    secrets.push(new URL(browser.endpoint).pathname, browser.keys.auth)
    const subscribed = await t.app.inject({
      method: 'PUT',
      url: '/api/push/subscriptions',
      headers: bearer(tokens.own!),
      payload: browser,
    })
    expect(subscribed.statusCode).toBe(204)
    // Someone the victim blocked: only the victim may lift that block.
    bystander = await signUpUser(t)
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: bearer(tokens.own!),
      payload: { userId: bystander.userId },
    })
    expect(blocked.statusCode).toBe(204)
  })
  afterAll(async () => {
    const header = `| endpoint | ${KINDS.join(' | ')} |`
    const lines = Object.entries(actual).map(
      ([name, cells]) => `| ${name} | ${KINDS.map((kind) => cells[kind] ?? '').join(' | ')} |`,
    )
    console.info(
      `authorization matrix: ${lines.length} rows x ${KINDS.length} token kinds, ${registered.size} registered routes\n${header}\n${lines.join('\n')}`,
    )
    await t.close()
    rmSync(outbox, { recursive: true, force: true })
  })

  it('has a row for every route the app registers, and no row for a route it does not', () => {
    // Fastify answers HEAD with the GET handler, so a GET's row covers its HEAD.
    const routes = [...registered].filter(
      (route) => !(route.startsWith('HEAD ') && registered.has(route.replace(/^HEAD/, 'GET'))),
    )
    expect(routes.length).toBeGreaterThanOrEqual(15)
    const covered = new Set(rows.map((row) => row.route))
    expect(routes.filter((route) => !covered.has(route))).toEqual([])
    expect([...covered].filter((route) => !registered.has(route))).toEqual([])
  })

  const victimState = async () => {
    const { db } = t.database
    return {
      vibe: await db.selectFrom('vibes').selectAll().where('id', '=', victimVibeId).execute(),
      user: await db.selectFrom('users').selectAll().where('id', '=', victim.userId).execute(),
      sessions: await db
        .selectFrom('auth_sessions')
        .selectAll()
        .where('user_id', '=', victim.userId)
        .orderBy('id')
        .execute(),
      wifiPass: await db
        .selectFrom('wifi_passes')
        .selectAll()
        .where('user_id', '=', victim.userId)
        .execute(),
      wifiDevices: await db
        .selectFrom('wifi_devices')
        .selectAll()
        .where('user_id', '=', victim.userId)
        .execute(),
      stars: await db
        .selectFrom('schedule_stars')
        .selectAll()
        .where('user_id', '=', victim.userId)
        .execute(),
      schedule: await db
        .selectFrom('schedules')
        .selectAll()
        .where('user_id', '=', victim.userId)
        .execute(),
      following: await db
        .selectFrom('schedule_follows')
        .selectAll()
        .where('follower_id', '=', victim.userId)
        .execute(),
      pushSubscriptions: await db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('user_id', '=', victim.userId)
        .orderBy('endpoint_hash')
        .execute(),
      blocks: await db
        .selectFrom('user_blocks')
        .selectAll()
        .where('blocker_id', '=', victim.userId)
        .orderBy('blocked_id')
        .execute(),
    }
  }

  const record = (row: Row, kind: Kind, answer: string) => {
    actual[row.name] ??= {}
    actual[row.name]![kind] = answer
  }

  for (const row of rows) {
    it(row.name, async () => {
      if (row.freshSessions) {
        tokens.own = (await signIn(victim)).access
        tokens.otherUser = (await signIn(attacker)).access
        tokens.moderator = (await signIn(moderator)).access
        tokens.organiser = (await signIn(organiser)).access
      }
      for (const kind of KINDS) {
        const before = await victimState()
        const expected = row.expected[kind]
        const body = row.request
          ? await httpCell(row, kind, expected)
          : await liveCell(kind, expected)
        record(row, kind, describeExpected(expected))
        // Never, in any cell: password hashes or the victim's refresh tokens.
        expect(body).not.toMatch(/argon2|encrypted_password/)
        for (const secret of secrets) expect(body).not.toContain(secret)
        if (kind === 'own') continue
        // Nobody but the victim reads the victim's e-mail, id or private data, or changes anything.
        const where = `${row.name} / ${kind}`
        expect(body, where).not.toContain(victim.email)
        expect(body, where).not.toContain(victimPassCode)
        expect(body, where).not.toContain(victimInviteCode)
        expect(body, where).not.toContain(victimCalendarPath.slice('/calendar/'.length, -4))
        expect(body, where).not.toContain(victimShareCode)
        const seesVictim =
          (row.showsFeed && OTHER_USERS.includes(kind)) || row.showsVictimTo?.includes(kind)
        if (!seesVictim) {
          expect(body, where).not.toContain('victim-private-marker')
          expect(body, where).not.toContain(victim.userId)
        }
        if (!row.changesVictimFor?.includes(kind)) {
          expect(await victimState(), where).toEqual(before)
        }
      }
    })
  }

  async function httpCell(row: Row, kind: Kind, expected: Expected): Promise<string> {
    const token = tokens[kind]
    const sent = await row.request!()
    const answer = await t.app.inject({
      ...sent,
      headers: { ...sent.headers, ...(token === undefined ? {} : bearer(token)) },
    })
    if (expected === 'ready') throw new Error(`${row.name}: an HTTP cell cannot expect 'ready'`)
    const [status, code]: [number, string?] = Array.isArray(expected) ? expected : [expected]
    expect(answer.statusCode, `${row.name} / ${kind}: ${answer.body.slice(0, 200)}`).toBe(status)
    if (code) {
      // A refusal says why and nothing else.
      expect(ErrorEnvelopeSchema.strict().parse(answer.json()).code).toBe(code)
    }
    row.check?.(answer, sent)
    return `${answer.body} ${answer.headers.location ?? ''}`
  }

  async function liveCell(kind: Kind, expected: Expected): Promise<string> {
    const client = await LiveTestClient.connect(baseUrl)
    try {
      const token = tokens[kind]
      if (token !== undefined) client.send({ type: 'auth', token })
      if (expected === 'ready') {
        await client.next((message) => message.type === 'ready')
      } else {
        const [closeCode, code] = expected as [number, string]
        expect((await client.closed).code, `live / ${kind}`).toBe(closeCode)
        expect(client.messages).toEqual([{ type: 'error', code, message: expect.any(String) }])
      }
      return JSON.stringify(client.messages)
    } finally {
      client.close()
    }
  }

  it('left the victim’s vibe to the victim, one vibe per user, and mailed only the victim', async () => {
    const vibes = await t.database.db.selectFrom('vibes').selectAll().execute()
    expect(vibes.map((vibe) => vibe.user_id).sort()).toEqual(
      [victim.userId, attacker.userId, moderator.userId, organiser.userId].sort(),
    )
    // Moderated and restored, it is the victim's and in the feed again.
    expect(vibes.find((vibe) => vibe.id === victimVibeId)?.moderation).toBe('visible')
    const victimVibe = vibes.find((vibe) => vibe.id === victimVibeId)
    expect(victimVibe?.user_id).toBe(victim.userId)
    // The recover row asked for the victim's reset link with every kind of token: each mail went
    // to the victim's address, never to whoever held the token. Mail goes out off the request path.
    const mails = () =>
      readdirSync(outbox)
        .filter((name) => name.endsWith('.json'))
        .map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8')))
    const recoveries = () => mails().filter((mail) => mail.kind === 'recovery')
    await expect.poll(() => recoveries().length).toBe(KINDS.length)
    expect(new Set(recoveries().map((mail) => mail.to))).toEqual(new Set([victim.email]))
    // A reauthentication code goes to the token's own account: one each for the valid tokens.
    const codes = mails().filter((mail) => mail.kind === 'reauthentication')
    expect(codes.map((mail) => mail.to).sort()).toEqual(
      [victim.email, attacker.email, moderator.email, organiser.email].sort(),
    )
    // The resend row asked for the victim's confirmation link: the address is confirmed, so none.
    expect(mails().filter((mail) => mail.kind === 'confirmation')).toEqual([])
  })
})
