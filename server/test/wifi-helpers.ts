import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openndsUrlEncode } from '../wifi/fas-query'
import { GOOD_PASSWORD, signUpUser } from './auth-helpers'
import { type FakeClient, fakeClient, fasQuery } from './opennds-query'
import type { TestApp } from './test-app'

export const GATEWAYS = [
  { id: 'gate-1', name: 'Festival Gate One', faskey: 'level-one-shared-key-123456', level: 1 },
  { id: 'gate-2', name: 'FestivalLab2', faskey: 'level-two-shared-key-1234567', level: 2 },
  {
    id: 'gate-3',
    // Brackets and a comma: openNDS URL-encodes them unlike encodeURIComponent (authmon's hash).
    name: 'Festival Lab 3 (North), Stage',
    faskey: '3f1c0ffee0ddba11deadbeefcafef00d',
    level: 3,
    pollFrom: ['127.0.0.1', '198.51.100.1'],
  },
] as const

/** A WIFI_GATEWAYS_FILE for the test app, written to a temporary file. */
export function gatewaysFile(gateways: readonly object[] = GATEWAYS): string {
  const path = join(
    tmpdir(),
    `vibeconnect-gateways-${process.pid}-${Date.now()}-${Math.random()}.json`,
  )
  writeFileSync(path, JSON.stringify(gateways))
  return path
}

/** The portal state a page's forms carry. */
export function formState(html: string): string {
  const match = /name="state" value="([^"]+)"/.exec(html)
  if (!match) throw new Error(`no portal state in the page:\n${html.slice(0, 500)}`)
  return match[1]!
}

/**
 * openNDS's redirect: the portal's first page for a phone (a new one unless given) on `gateway`,
 * as an iPhone opens it. Returns the phone, the page and the state its forms carry.
 */
export async function openPortal(
  t: TestApp,
  gateway: { id: string; name: string; faskey: string; level: 1 | 2 | 3 },
  client: FakeClient = fakeClient(),
) {
  const page = await t.app.inject({
    url: `/wifi/portal/${gateway.id}/?${fasQuery(gateway, client)}`,
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)' },
  })
  if (page.statusCode !== 200)
    throw new Error(`the portal answered ${page.statusCode}: ${page.body}`)
  return { client, page, state: formState(page.body) }
}

/** Posts one of the portal's forms as a browser does (url-encoded), from `remoteAddress`. */
export const postForm = (
  t: TestApp,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  })

/** authmon's POST as openNDS's post-request.php makes it, with the gateway hash openNDS sends. */
export const authmonPost = (
  t: TestApp,
  gateway: { id: string; name: string },
  action: string,
  payload = 'none',
  remoteAddress = '127.0.0.1',
) =>
  t.app.inject({
    method: 'POST',
    url: `/wifi/portal/${gateway.id}/`,
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      auth_get: action,
      gatewayhash: createHash('sha256').update(openndsUrlEncode(gateway.name)).digest('hex'),
      payload: Buffer.from(payload).toString('base64'),
    }).toString(),
  })

/**
 * A new account whose new phone signs in on `gateway`'s portal: the account, the phone, the
 * portal's answer and the device record it made.
 */
export async function signInNewPhone(
  t: TestApp,
  gateway: Parameters<typeof openPortal>[1],
  client: FakeClient = fakeClient(),
) {
  const user = await signUpUser(t)
  const { state } = await openPortal(t, gateway, client)
  const answer = await postForm(t, `/wifi/portal/${gateway.id}/sign-in`, {
    state,
    email: user.email,
    password: GOOD_PASSWORD,
  })
  const device = await t.database.db
    .selectFrom('wifi_devices')
    .selectAll()
    .where('user_id', '=', user.userId)
    .executeTakeFirstOrThrow()
  return { user, client, answer, device }
}
