import { createECDH, randomBytes } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { LIVE_CLOSE } from '../../shared/live/live-protocol'
import { GOOD_PASSWORD, type SignedUpUser, uniqueEmail } from '../test/auth-helpers'
import { privacyRows } from './authorization-matrix.privacy-rows'

export const KINDS = [
  'none',
  'malformed',
  'expired',
  'otherKey',
  'algNone',
  'tampered',
  'signedOut',
  'otherUser',
  'own',
  // The attacker holding a role (issue 22): another user who may moderate, or also read the log.
  'moderator',
  'organiser',
] as const
export type Kind = (typeof KINDS)[number]
/** The kinds that are another signed-in user than the victim. */
export const OTHER_USERS: readonly Kind[] = ['otherUser', 'moderator', 'organiser']
/** A row's expectations: the role kinds answer as `otherUser` unless the row says otherwise. */
type Expectations = Omit<Record<Kind, Expected>, 'moderator' | 'organiser'> &
  Partial<Record<'moderator' | 'organiser', Expected>>
/** What a cell expects: a status (and error code), or for the live channel a close or `ready`. */
export type Expected = number | [number, string] | 'ready'

export interface MatrixRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: string
  payload?: Record<string, unknown> | string
  headers?: Record<string, string>
}

export interface Row {
  /** The route as the app registers it, `METHOD /path`: every registered route needs a row. */
  route: string
  name: string
  expected: Record<Kind, Expected>
  /** Whether another signed-in user may see the victim's vibe here (the shared feed). */
  showsFeed?: boolean
  /** The kinds that may see the victim's vibe and id here (the moderators' queue and log). */
  showsVictimTo?: readonly Kind[]
  /** The kinds whose answer may change the victim's state (a moderator acting on them). */
  changesVictimFor?: readonly Kind[]
  /** Signs the victim and the attacker in again first: sign-outs end the sessions they get. */
  freshSessions?: boolean
  /** Absent for the live channel, which is not an HTTP request. */
  request?: () => MatrixRequest | Promise<MatrixRequest>
  /** More to check on every cell's answer, whatever token was sent. */
  check?: (answer: LightMyRequestResponse, sent: MatrixRequest) => void
}

export interface MatrixContext {
  victim: SignedUpUser
  attacker: SignedUpUser
  /** The accounts behind the moderator and organiser kinds. */
  moderator: SignedUpUser
  organiser: SignedUpUser
  victimVibeId: () => string
  /** The victim's WiFi device (admitted by the portal with the victim's pass). */
  victimDeviceId: () => string
  /** The victim's invite code (from their invite link). */
  victimInviteCode: () => string
  /** A set of the lineup the victim starred, its key. */
  starredKey: () => string
  /** The victim's share link's code (their picks, read-only). */
  victimShareCode: () => string
  /** The path of the victim's calendar feed (its secret token). */
  victimCalendarPath: () => string
  /** The push endpoint of the victim's browser (reminders): a secret address. */
  victimPushEndpoint: () => string
  /** A new password session of `user`'s: its refresh token. */
  signIn: (user: SignedUpUser) => Promise<string>
  /** Each user's password as it is now (the PUT /user row changes it). */
  passwords: Map<string, string>
  /** Someone the victim blocked. */
  bystanderId: () => string
}

// Refusals on the data API (401 with GoTrue's code) and on GoTrue's own endpoints (403 for a
// token that is present but not valid, as GoTrue answers).
export const DATA_REFUSED = {
  none: [401, 'no_authorization'],
  malformed: [401, 'bad_jwt'],
  expired: [401, 'bad_jwt'],
  otherKey: [401, 'bad_jwt'],
  algNone: [401, 'bad_jwt'],
  tampered: [401, 'bad_jwt'],
  signedOut: [401, 'session_not_found'],
} satisfies Record<string, Expected>
const GOTRUE_REFUSED = {
  none: [401, 'no_authorization'],
  malformed: [403, 'bad_jwt'],
  expired: [403, 'bad_jwt'],
  otherKey: [403, 'bad_jwt'],
  algNone: [403, 'bad_jwt'],
  tampered: [403, 'bad_jwt'],
  signedOut: [403, 'session_not_found'],
} satisfies Record<string, Expected>
/** An endpoint that takes no token: whatever Authorization says, the same answer. */
export const same = (expected: Expected) =>
  Object.fromEntries(KINDS.map((kind) => [kind, expected])) as Record<Kind, Expected>

export const get = (url: string): MatrixRequest => ({ method: 'GET', url })
/** A field of a JSON request's body. */
const fieldOf = (sent: MatrixRequest, name: string) =>
  typeof sent.payload === 'object' ? sent.payload[name] : undefined
/** The fields of an auth answer that the checks read: a session's user, or a user. */
const json = (answer: LightMyRequestResponse) =>
  answer.json() as { id: string; user: { id: string; email: string } }

/**
 * Every endpoint and the live channel, with the answer expected for each kind of token. In run
 * order: the sign-outs come last, since they end the sessions they are given.
 */
export function matrixRows(context: MatrixContext): Row[] {
  return rowsOf(context).map((row) => ({
    ...row,
    expected: {
      ...row.expected,
      moderator: row.expected.moderator ?? row.expected.otherUser,
      organiser: row.expected.organiser ?? row.expected.otherUser,
    },
  }))
}

export type RowSpec = Omit<Row, 'expected'> & { expected: Expectations }

let intruders = 0

function rowsOf(context: MatrixContext): RowSpec[] {
  // Read when a cell runs, not now: the test signs the two users up in its beforeAll.
  const { victimVibeId, victimDeviceId, victimInviteCode, signIn, passwords } = context
  const logout = (scope: string): RowSpec => ({
    route: 'POST /auth/v1/logout',
    name: `POST /auth/v1/logout?scope=${scope}`,
    expected: { ...GOTRUE_REFUSED, otherUser: 204, own: 204 },
    freshSessions: true,
    request: () => ({ method: 'POST', url: `/auth/v1/logout?scope=${scope}` }),
  })
  const publicGet = (path: string): RowSpec => ({
    route: `GET ${path}`,
    name: `GET ${path}`,
    expected: same(200),
    request: () => get(path),
  })
  return [
    {
      route: 'GET /api/vibes',
      name: 'GET /api/vibes',
      expected: { ...DATA_REFUSED, otherUser: 200, own: 200 },
      showsFeed: true,
      request: () => get('/api/vibes'),
    },
    {
      route: 'GET /api/vibes/mine',
      name: 'GET /api/vibes/mine',
      expected: { ...DATA_REFUSED, otherUser: 200, own: 200 },
      request: () => get('/api/vibes/mine'),
    },
    {
      route: 'POST /api/vibes',
      name: 'POST /api/vibes',
      expected: { ...DATA_REFUSED, otherUser: 201, own: [409, 'vibe_already_exists'] },
      request: () => ({
        method: 'POST',
        url: '/api/vibes',
        // A name of each intruder's own: a username is one person's.
        payload: { username: `Intruder ${++intruders}`, emoji: '🕵', status: 'was here' },
      }),
    },
    {
      route: 'PATCH /api/vibes/:id',
      name: 'PATCH /api/vibes/:id (the victim’s)',
      expected: { ...DATA_REFUSED, otherUser: [403, 'forbidden'], own: 200 },
      request: () => ({
        method: 'PATCH',
        url: `/api/vibes/${victimVibeId()}`,
        payload: { username: 'Hacked', emoji: '💀', status: 'victim-private-marker, edited' },
      }),
    },
    {
      route: 'GET /api/users/count',
      name: 'GET /api/users/count',
      expected: { ...DATA_REFUSED, otherUser: 200, own: 200 },
      request: () => get('/api/users/count'),
    },
    {
      route: 'GET /api/wifi/pass',
      name: 'GET /api/wifi/pass',
      expected: { ...DATA_REFUSED, otherUser: 200, own: 200 },
      request: () => get('/api/wifi/pass'),
    },
    {
      route: 'POST /api/wifi/pass/regenerate',
      name: 'POST /api/wifi/pass/regenerate',
      expected: { ...DATA_REFUSED, otherUser: 200, own: 200 },
      request: () => ({ method: 'POST', url: '/api/wifi/pass/regenerate' }),
    },
    {
      route: 'DELETE /api/wifi/devices/:id',
      name: 'DELETE /api/wifi/devices/:id (the victim’s device)',
      expected: { ...DATA_REFUSED, otherUser: [404, 'not_found'], own: 204 },
      request: () => ({ method: 'DELETE', url: `/api/wifi/devices/${victimDeviceId()}` }),
    },
    {
      route: 'GET /api/game',
      name: 'GET /api/game',
      expected: { ...DATA_REFUSED, otherUser: 200, own: 200 },
      request: () => get('/api/game'),
    },
    {
      route: 'POST /api/game/check-ins',
      name: 'POST /api/game/check-ins (a made-up code)',
      expected: {
        ...DATA_REFUSED,
        otherUser: [400, 'stage_code_invalid'],
        own: [400, 'stage_code_invalid'],
      },
      request: () => ({ method: 'POST', url: '/api/game/check-ins', payload: { code: 'ABC234' } }),
    },
    {
      route: 'POST /api/game/invites',
      name: 'POST /api/game/invites (the victim’s invite code)',
      expected: { ...DATA_REFUSED, otherUser: 200, own: [409, 'invite_own'] },
      request: () => ({
        method: 'POST',
        url: '/api/game/invites',
        payload: { code: victimInviteCode() },
      }),
    },
    ...scheduleRows(context),
    ...reminderRows(context),
    ...safetyRows(context),
    ...privacyRows(context),
    {
      route: 'GET /auth/v1/user',
      name: 'GET /auth/v1/user',
      expected: { ...GOTRUE_REFUSED, otherUser: 200, own: 200 },
      request: () => get('/auth/v1/user'),
    },
    {
      route: 'PUT /auth/v1/user',
      name: 'PUT /auth/v1/user (new password)',
      expected: { ...GOTRUE_REFUSED, otherUser: 200, own: 200 },
      request: () => ({
        method: 'PUT',
        url: '/auth/v1/user',
        payload: { password: `a new passphrase ${randomBytes(4).toString('hex')}` },
      }),
      // Whoever the token belongs to now has that password (the victim only with their own).
      check: (answer, sent) => {
        if (answer.statusCode === 200)
          passwords.set(json(answer).id, String(fieldOf(sent, 'password')))
      },
    },
    {
      route: 'GET /auth/v1/reauthenticate',
      name: 'GET /auth/v1/reauthenticate (mails a code to the token holder)',
      expected: { ...GOTRUE_REFUSED, otherUser: 200, own: 200 },
      request: () => get('/auth/v1/reauthenticate'),
      // The code goes to the mailbox of the token's account; the answer carries nothing.
      check: (answer) => {
        if (answer.statusCode === 200) expect(answer.json()).toEqual({})
      },
    },
    // The endpoints below take no token: a bad one must neither break them nor grant anything.
    {
      route: 'POST /auth/v1/signup',
      name: 'POST /auth/v1/signup (a new address)',
      expected: same(200),
      request: () => ({
        method: 'POST',
        url: '/auth/v1/signup',
        payload: { email: uniqueEmail('matrix'), password: GOOD_PASSWORD },
      }),
      // The new account's session, never the token holder's.
      check: (answer, sent) => expect(json(answer).user.email).toBe(fieldOf(sent, 'email')),
    },
    {
      route: 'POST /auth/v1/token',
      name: 'POST /auth/v1/token?grant_type=password (the attacker’s password)',
      expected: same(200),
      request: () => ({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: {
          email: context.attacker.email,
          password: passwords.get(context.attacker.userId),
        },
      }),
      check: (answer) => expect(json(answer).user.id).toBe(context.attacker.userId),
    },
    {
      route: 'POST /auth/v1/token',
      name: 'POST /auth/v1/token?grant_type=password (the victim’s address, wrong password)',
      expected: same([400, 'invalid_credentials']),
      request: () => ({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { email: context.victim.email, password: 'not the password at all' },
      }),
    },
    {
      route: 'POST /auth/v1/token',
      name: 'POST /auth/v1/token?grant_type=refresh_token (the attacker’s)',
      expected: same(200),
      request: async () => ({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        payload: { refresh_token: await signIn(context.attacker) },
      }),
      check: (answer) => expect(json(answer).user.id).toBe(context.attacker.userId),
    },
    {
      route: 'POST /auth/v1/token',
      name: 'POST /auth/v1/token?grant_type=refresh_token (made up)',
      expected: same([400, 'refresh_token_not_found']),
      request: () => ({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        payload: { refresh_token: randomBytes(16).toString('hex') },
      }),
    },
    {
      route: 'POST /auth/v1/recover',
      name: 'POST /auth/v1/recover (the victim’s address)',
      expected: same(200),
      request: () => ({
        method: 'POST',
        url: '/auth/v1/recover',
        payload: { email: context.victim.email },
      }),
      // The same empty answer as for any address: the link goes to the victim's mailbox only.
      check: (answer) => expect(answer.json()).toEqual({}),
    },
    {
      route: 'POST /auth/v1/resend',
      name: 'POST /auth/v1/resend (the victim’s address, confirmed)',
      expected: same(200),
      request: () => ({
        method: 'POST',
        url: '/auth/v1/resend',
        payload: { email: context.victim.email, type: 'signup' },
      }),
      // The same empty answer as for any address; a confirmed address is sent nothing.
      check: (answer) => expect(answer.json()).toEqual({}),
    },
    {
      route: 'GET /auth/v1/verify',
      name: 'GET /auth/v1/verify (a made-up link)',
      expected: same(303),
      request: () => get(`/auth/v1/verify?type=recovery&token=${randomBytes(16).toString('hex')}`),
      // Redirected with an error, never with a session.
      check: (answer) => {
        const location = String(answer.headers.location)
        expect(location).toContain('error=access_denied')
        expect(location).not.toContain('access_token')
      },
    },
    ...['/auth/v1/settings', '/api/lineup', '/api/festival', '/healthz', '/readyz'].map(publicGet),
    ...['/terms', '/privacy'].map(publicGet),
    // The operators' metrics take their own token (METRICS_TOKEN, set in the matrix): no JWT opens them.
    {
      route: 'GET /metrics',
      name: 'GET /metrics',
      expected: same([401, 'no_authorization']),
      request: () => get('/metrics'),
    },

    // The captive portal takes no token either: a token changes nothing, and its pages need the
    // gateway's query or the state its forms carry.
    ...portalRows(),
    {
      route: 'GET /api/live',
      name: 'live channel /api/live',
      expected: {
        ...Object.fromEntries(
          Object.entries(DATA_REFUSED).map(([kind, [, code]]) => [
            kind,
            [LIVE_CLOSE.unauthorized, code] as [number, string],
          ]),
        ),
        // No auth message at all: closed when the auth timeout runs out.
        none: [LIVE_CLOSE.authTimeout, 'no_authorization'],
        otherUser: 'ready',
        own: 'ready',
      } as Record<Kind, Expected>,
    },
    logout('local'),
    logout('others'),
    logout('global'),
  ]
}

/**
 * Reports and moderation (issue 22): anyone reports another's vibe; the moderation area needs the
 * moderator or organiser role, the audit log the organiser's. Reporters and e-mail addresses
 * never appear. The moderators act on the victim, so those cells may change the victim's state.
 */
function safetyRows(context: MatrixContext): RowSpec[] {
  const { victimVibeId } = context
  const NO_ROLE = [403, 'role_required'] as [number, string]
  const moderators = ['moderator', 'organiser'] as const
  // Nobody who reported is named, and no address at all.
  const noReporters = (answer: LightMyRequestResponse) => {
    expect(answer.body).not.toMatch(/@/)
    for (const user of [context.attacker, context.moderator, context.organiser]) {
      expect(answer.body).not.toContain(user.userId)
    }
  }
  const post = (url: string, payload?: Record<string, unknown>): MatrixRequest =>
    payload === undefined ? { method: 'POST', url } : { method: 'POST', url, payload }
  const moderation = (
    route: string,
    name: string,
    expected: Partial<Expectations>,
    request: () => MatrixRequest,
    extra: Partial<RowSpec> = {},
  ): RowSpec => ({
    route,
    name,
    expected: { ...DATA_REFUSED, otherUser: NO_ROLE, own: NO_ROLE, ...expected },
    showsVictimTo: moderators,
    changesVictimFor: moderators,
    request,
    check: noReporters,
    ...extra,
  })
  const victimUser = () => context.victim.userId
  return [
    {
      route: 'POST /api/vibes/:id/reports',
      name: 'POST /api/vibes/:id/reports (the victim’s vibe)',
      expected: { ...DATA_REFUSED, otherUser: 201, own: [409, 'report_own_vibe'] },
      request: () => post(`/api/vibes/${victimVibeId()}/reports`, { reason: 'spam', note: 'n' }),
      check: (answer) => {
        if (answer.statusCode === 201) expect(answer.json()).toEqual({ reported: true })
      },
    },
    moderation(
      'GET /api/moderation/queue',
      'GET /api/moderation/queue (the victim’s vibe, reported)',
      { moderator: 200, organiser: 200 },
      () => get('/api/moderation/queue'),
      {
        check: (answer) => {
          noReporters(answer)
          // Three other users reported it: the queue counts them and names none.
          if (answer.statusCode === 200) {
            expect(answer.json().items).toEqual([
              expect.objectContaining({
                vibe: expect.objectContaining({ id: victimVibeId() }),
                openReports: 3,
              }),
            ])
          }
        },
      },
    ),
    moderation(
      'POST /api/moderation/vibes/:id/remove',
      'POST /api/moderation/vibes/:id/remove (the victim’s vibe)',
      { moderator: 200, organiser: 200 },
      () => post(`/api/moderation/vibes/${victimVibeId()}/remove`, { reason: 'matrix removal' }),
    ),
    moderation(
      'POST /api/moderation/vibes/:id/restore',
      'POST /api/moderation/vibes/:id/restore (the victim’s vibe)',
      { moderator: 200, organiser: 200 },
      () => post(`/api/moderation/vibes/${victimVibeId()}/restore`, { reason: 'matrix restore' }),
    ),
    moderation(
      'POST /api/moderation/users/:id/suspend',
      'POST /api/moderation/users/:id/suspend (the victim)',
      { moderator: 200, organiser: 200 },
      () => post(`/api/moderation/users/${victimUser()}/suspend`, { hours: 1, reason: 'matrix' }),
    ),
    // The suspension ended the victim's sessions: fresh ones for this row and after.
    moderation(
      'POST /api/moderation/users/:id/unsuspend',
      'POST /api/moderation/users/:id/unsuspend (the victim)',
      { moderator: 200, organiser: [404, 'suspension_not_found'] },
      () => post(`/api/moderation/users/${victimUser()}/unsuspend`),
      { freshSessions: true },
    ),
    moderation(
      'GET /api/moderation/audit',
      'GET /api/moderation/audit',
      { moderator: [403, 'role_required'], organiser: 200 },
      () => get('/api/moderation/audit'),
      {
        // Moderators' own actions name them (their pseudonym and vibe's name); reporters, never.
        check: (answer) => expect(answer.body).not.toMatch(/@/),
        changesVictimFor: [],
      },
    ),
    // The organiser's dashboard: counts only, to organisers only; it names nobody, not even them.
    ...(['stats', 'stats.csv'] as const).map(
      (file): RowSpec => ({
        route: `GET /api/organiser/${file}`,
        name: `GET /api/organiser/${file}`,
        expected: { ...DATA_REFUSED, otherUser: NO_ROLE, own: NO_ROLE, organiser: 200 },
        request: () => get(`/api/organiser/${file}`),
        check: (answer) => {
          noReporters(answer)
          expect(answer.body).not.toContain('Victim')
          if (answer.statusCode === 200 && file === 'stats.csv') {
            expect(answer.headers['content-disposition']).toMatch(/^attachment; /)
          }
        },
      }),
    ),
  ]
}

/** My schedule's routes: each user reaches their own; a share link is the only way to another's. */
function scheduleRows(context: MatrixContext): RowSpec[] {
  const { starredKey, victimShareCode, victimCalendarPath } = context
  const own = (
    route: string,
    name: string,
    ok: Expected,
    request: () => MatrixRequest,
  ): RowSpec => ({
    route,
    name,
    expected: { ...DATA_REFUSED, otherUser: ok, own: ok },
    request,
  })
  const send = (method: MatrixRequest['method'], url: string, payload?: object): MatrixRequest =>
    payload === undefined ? { method, url } : { method, url, payload: { ...payload } }
  return [
    own('GET /api/schedule', 'GET /api/schedule', 200, () => get('/api/schedule')),
    own('PUT /api/schedule/stars/:key', 'PUT /api/schedule/stars/:key', 204, () =>
      send('PUT', `/api/schedule/stars/${starredKey()}`),
    ),
    own('POST /api/schedule/changes/seen', 'POST /api/schedule/changes/seen', 204, () =>
      send('POST', '/api/schedule/changes/seen', { keys: [starredKey()] }),
    ),
    own('PUT /api/schedule/reminders', 'PUT /api/schedule/reminders', 200, () =>
      send('PUT', '/api/schedule/reminders', { minutesBefore: 10, changes: true }),
    ),
    own('GET /api/schedule/share', 'GET /api/schedule/share (my own link)', 200, () =>
      get('/api/schedule/share'),
    ),
    {
      route: 'GET /api/schedule/shared/:code',
      name: 'GET /api/schedule/shared/:code (the victim’s share link)',
      expected: { ...DATA_REFUSED, otherUser: 200, own: 200 },
      // Whoever holds the link sees the victim's name and picks: that is what sharing is.
      showsFeed: true,
      request: () => get(`/api/schedule/shared/${victimShareCode()}`),
    },
    {
      route: 'POST /api/schedule/follows',
      name: 'POST /api/schedule/follows (the victim’s share link)',
      expected: { ...DATA_REFUSED, otherUser: 204, own: [409, 'follow_own'] },
      request: () => send('POST', '/api/schedule/follows', { code: victimShareCode() }),
    },
    {
      route: 'GET /api/schedule/crew',
      name: 'GET /api/schedule/crew (following the victim)',
      expected: { ...DATA_REFUSED, otherUser: 200, own: 200 },
      showsFeed: true,
      request: () => get('/api/schedule/crew'),
    },
    own('DELETE /api/schedule/follows/:userId', 'DELETE /api/schedule/follows/:userId', 204, () =>
      send('DELETE', `/api/schedule/follows/${context.victim.userId}`),
    ),
    own('DELETE /api/schedule/stars/:key', 'DELETE /api/schedule/stars/:key', 204, () =>
      send('DELETE', `/api/schedule/stars/${starredKey()}`),
    ),
    own('GET /api/schedule/calendar', 'GET /api/schedule/calendar (my own feed)', 200, () =>
      get('/api/schedule/calendar'),
    ),
    // A calendar app sends no session: the feed's secret address is its key.
    {
      route: 'GET /calendar/:token',
      name: 'GET /calendar/:token (the victim’s feed, by its secret address)',
      expected: same(200),
      request: () => get(victimCalendarPath()),
    },
    {
      route: 'GET /calendar/:token',
      name: 'GET /calendar/:token (a made-up address)',
      expected: same([404, 'calendar_not_found']),
      request: () => get(`/calendar/${randomBytes(24).toString('base64url')}.ics`),
    },
    // Last of these: the victim's own cells replace their links.
    own('POST /api/schedule/share/regenerate', 'POST /api/schedule/share/regenerate', 200, () =>
      send('POST', '/api/schedule/share/regenerate'),
    ),
    own(
      'POST /api/schedule/calendar/regenerate',
      'POST /api/schedule/calendar/regenerate',
      200,
      () => send('POST', '/api/schedule/calendar/regenerate'),
    ),
  ]
}

/** A browser's push subscription as `PushSubscription.toJSON()` gives it, on a new endpoint. */
export function newPushSubscription(label: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${label}-${randomBytes(12).toString('base64url')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  }
}

/** Reminders: each user subscribes and unsubscribes their own browsers only. */
function reminderRows(context: MatrixContext): RowSpec[] {
  return [
    {
      route: 'GET /api/push/key',
      name: 'GET /api/push/key',
      expected: { ...DATA_REFUSED, otherUser: 200, own: 200 },
      request: () => get('/api/push/key'),
    },
    {
      route: 'PUT /api/push/subscriptions',
      name: 'PUT /api/push/subscriptions (a new browser)',
      expected: { ...DATA_REFUSED, otherUser: 204, own: 204 },
      request: () => ({
        method: 'PUT',
        url: '/api/push/subscriptions',
        payload: newPushSubscription('matrix'),
      }),
    },
    {
      route: 'DELETE /api/push/subscriptions',
      name: 'DELETE /api/push/subscriptions (the victim’s browser)',
      // Answered alike for everyone; only the victim's own call removes it (the state check).
      expected: { ...DATA_REFUSED, otherUser: 204, own: 204 },
      request: () => ({
        method: 'DELETE',
        url: '/api/push/subscriptions',
        payload: { endpoint: context.victimPushEndpoint() },
      }),
    },
  ]
}

function portalRows(): RowSpec[] {
  const page = (
    route: string,
    name: string,
    expected: Expected,
    request: MatrixRequest,
  ): RowSpec => ({
    route,
    name,
    expected: same(expected),
    request: () => request,
  })
  const form = (path: string, fields: Record<string, string>): MatrixRequest => ({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  })
  const state = 'made-up-state'
  return [
    page('GET /game/stages', 'GET /game/stages (no organiser key)', 403, get('/game/stages')),
    page(
      'GET /game/stages/:stage',
      'GET /game/stages/:stage (a wrong organiser key)',
      403,
      get('/game/stages/Main%20Stage?key=organiser-key-of-someone-else'),
    ),
    page(
      'GET /wifi/portal/:gateway',
      'GET /wifi/portal/:gateway (no query)',
      400,
      get('/wifi/portal/gate-1'),
    ),
    page(
      'GET /wifi/portal/:gateway/',
      'GET /wifi/portal/:gateway/ (unknown gateway)',
      404,
      get('/wifi/portal/nowhere/'),
    ),
    page(
      'GET /wifi/portal/:gateway/&status=authenticated',
      'GET /wifi/portal/:gateway/&status=authenticated (a phone already online)',
      200,
      get('/wifi/portal/gate-1/&status=authenticated'),
    ),
    page(
      'POST /wifi/portal/:gateway',
      'POST /wifi/portal/:gateway (authmon, wrong gateway hash)',
      403,
      form('/wifi/portal/gate-3', {
        auth_get: 'view',
        gatewayhash: '0'.repeat(64),
        payload: 'bm9uZQ==',
      }),
    ),
    page(
      'POST /wifi/portal/:gateway/',
      'POST /wifi/portal/:gateway/ (authmon, no hash)',
      403,
      form('/wifi/portal/gate-3/', { auth_get: 'clear', payload: 'bm9uZQ==' }),
    ),
    page(
      'POST /wifi/portal/:gateway/sign-in',
      'POST /wifi/portal/:gateway/sign-in (made-up state)',
      400,
      form('/wifi/portal/gate-1/sign-in', { state, email: 'someone@example.test', password: 'x' }),
    ),
    page(
      'POST /wifi/portal/:gateway/sign-up',
      'POST /wifi/portal/:gateway/sign-up (made-up state)',
      400,
      form('/wifi/portal/gate-1/sign-up', { state, email: 'someone@example.test', password: 'x' }),
    ),
    page(
      'POST /wifi/portal/:gateway/code',
      'POST /wifi/portal/:gateway/code (made-up state)',
      400,
      form('/wifi/portal/gate-1/code', { state, code: 'AAAA-AAAA' }),
    ),
    page(
      'GET /wifi/portal/:gateway/connecting',
      'GET /wifi/portal/:gateway/connecting (no state)',
      400,
      get('/wifi/portal/gate-3/connecting'),
    ),
    page(
      'GET /wifi/portal/:gateway/online',
      'GET /wifi/portal/:gateway/online',
      200,
      get('/wifi/portal/gate-1/online'),
    ),
    page('GET /wifi/pass', 'GET /wifi/pass (no code)', 400, get('/wifi/pass')),
  ]
}

export function describeExpected(expected: Expected): string {
  if (expected === 'ready') return 'ready'
  return Array.isArray(expected) ? `${expected[0]} ${expected[1]}` : String(expected)
}
