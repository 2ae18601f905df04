import { randomUUID } from 'node:crypto'
import { BlockList, isIP } from 'node:net'
import { type AppDatabase, writeTransaction } from '../db/database'
import { AppError } from '../http/app-error'
import { openndsUrlEncode } from './fas-query'
import {
  acknowledgeGrants,
  clearGrants,
  insertNotice,
  markDeviceCutOff,
  pendingGrants,
} from './wifi.repository'
import type { Gateway } from './wifi-gateways'
import { sha256hex } from './wifi-secrets'

/** What openNDS's authmon posts (form fields), as its post-request.php sends them. */
export interface AuthmonRequest {
  auth_get?: string | undefined
  gatewayhash?: string | undefined
  payload?: string | undefined
}

// authmon reads at most 1,024 characters of our answer (`${authlist:2:1024}`): stay under it, and
// hand the rest over at the next poll.
const MAX_REPLY = 1000
const MAX_PAYLOAD = 8192
const MAX_PENDING_READ = 50

const refused = (message: string) => new AppError(403, 'forbidden', message)

const hashesOf = new WeakMap<Gateway, Set<string>>()

/**
 * The gateway hash authmon sends: sha256 of the name as openNDS URL-encodes it. Its encoding
 * differs from encodeURIComponent (lower-case hex, `!*()` encoded) for names with a comma, a
 * bracket or an accent; the other encodings are accepted too. Worked out once per gateway.
 */
export function gatewayHashes(gateway: Gateway): Set<string> {
  let hashes = hashesOf.get(gateway)
  if (!hashes) {
    const phpStyle = encodeURIComponent(gateway.name).replace(/%20/g, '+')
    const names = [
      gateway.name,
      openndsUrlEncode(gateway.name),
      encodeURIComponent(gateway.name),
      phpStyle,
    ]
    hashes = new Set(names.map(sha256hex))
    hashesOf.set(gateway, hashes)
  }
  return hashes
}

const pollersOf = new WeakMap<Gateway, BlockList>()

/**
 * Whether authmon may poll for `gateway` from `ip`: any address when the gateway lists none, else
 * one it lists, compared as addresses rather than as text: a server listening on `::` sees an IPv4
 * poller as `::ffff:192.0.2.1`, and IPv6 has several spellings of one address.
 */
export function mayPoll(gateway: Gateway, ip: string): boolean {
  if (!gateway.pollFrom) return true
  let pollers = pollersOf.get(gateway)
  if (!pollers) {
    pollers = new BlockList()
    for (const address of gateway.pollFrom) pollers.addAddress(address, family(address))
    pollersOf.set(gateway, pollers)
  }
  // BlockList matches an IPv4-mapped IPv6 address and its IPv4 form against each other.
  return isIP(ip) !== 0 && pollers.check(ip, family(ip))
}

const family = (ip: string) => (isIP(ip) === 4 ? 'ipv4' : 'ipv6')

/**
 * openNDS's authmon protocol at level 3, as its authmon.sh and post-request.php speak it:
 * `clear` (at its start: forget what is queued), `view` with payload `none` (what is queued, as
 * `* <url-encoded line> ...`), `view` with a list of rhids (those were let through: forget them,
 * answer `ack`), `list` (the queue, forgotten at once), `deauthed` and `custom` notices (kept,
 * answered `ack`). Only the gateway itself may poll: its name's hash, and its addresses when the
 * organiser listed them.
 */
export async function answerAuthmon(
  database: AppDatabase,
  gateway: Gateway,
  request: AuthmonRequest,
  clientIp: string,
  now: number,
): Promise<string> {
  if (gateway.level !== 3) throw refused('This gateway is not set up for level 3 (authmon)')
  if (!request.gatewayhash || !gatewayHashes(gateway).has(request.gatewayhash.toLowerCase())) {
    throw refused('Unknown gateway')
  }
  if (!mayPoll(gateway, clientIp)) {
    throw refused('This address may not poll for this gateway')
  }
  const payload = decodePayload(request.payload)
  switch (request.auth_get) {
    case 'clear':
      await writeTransaction(database, (trx) => clearGrants(trx, gateway.id))
      return ''
    case 'view':
      if (payload === 'none' || payload === '') return queueReply(database, gateway, now, false)
      await writeTransaction(database, (trx) =>
        acknowledgeGrants(trx, gateway.id, rhidsOf(payload), now),
      )
      return 'ack'
    case 'list':
      return queueReply(database, gateway, now, true)
    case 'deauthed':
    case 'custom':
      await recordNotice(database, gateway, request.auth_get, payload, now)
      return 'ack'
    default:
      throw new AppError(
        400,
        'validation_failed',
        'auth_get must be clear, view, list, deauthed or custom',
      )
  }
}

function decodePayload(payload: string | undefined): string {
  if (!payload) return ''
  if (payload.length > MAX_PAYLOAD || !/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) {
    throw new AppError(400, 'validation_failed', 'payload must be base64')
  }
  // A NUL byte is no text to PostgreSQL ("invalid byte sequence"): a notice that carries one
  // is kept without it, not answered with a 500 (the fuzz suite found it).
  return Buffer.from(payload, 'base64').toString('utf8').replaceAll('\0', '').trim()
}

/** authmon's acknowledgement: `* rhid rhid ...`. */
const rhidsOf = (payload: string) =>
  payload.split(/\s+/).filter((word) => /^[0-9a-f]{64}$/.test(word))

async function queueReply(database: AppDatabase, gateway: Gateway, now: number, forget: boolean) {
  const pending = await pendingGrants(database.db, gateway.id, MAX_PENDING_READ)
  let reply = '*'
  const sent: string[] = []
  for (const grant of pending) {
    const encoded = encodeURIComponent(grant.line)
    if (reply.length + 1 + encoded.length > MAX_REPLY) break
    reply += ` ${encoded}`
    sent.push(grant.rhid)
  }
  if (forget && sent.length > 0) {
    await writeTransaction(database, (trx) => acknowledgeGrants(trx, gateway.id, sent, now))
  }
  return reply
}

/**
 * Keeps a gateway's notice; a deauthentication that names one of our devices (its custom string,
 * as binauth_log.sh sends it: `custom=<device id>`) marks that device cut off, freeing its place.
 */
async function recordNotice(
  database: AppDatabase,
  gateway: Gateway,
  kind: 'deauthed' | 'custom',
  payload: string,
  now: number,
) {
  const deviceId =
    kind === 'deauthed'
      ? /(?:^|[\s,])custom=([0-9a-f-]{36})(?:$|[\s,])/.exec(payload)?.[1]
      : undefined
  await writeTransaction(database, async (trx) => {
    await insertNotice(trx, {
      id: randomUUID(),
      gateway: gateway.id,
      kind,
      payload: payload.slice(0, 2000),
      received_at: now,
    })
    if (deviceId) await markDeviceCutOff(trx, deviceId, now)
  })
}
