// A child process holding a share of the live clients: it trades refresh tokens for access tokens
// through the auth API, opens and authenticates one WebSocket per session, and times every
// bench write's arrival. Sockets are spread over processes for the file-descriptor limit and CPU.
import WebSocket from 'ws'
import { newHistogram, record, toSparse } from '../lib/histogram'
import { type FromWorker, STATUS_PREFIX, type ToWorker } from './live-protocol'

const CONNECT_CONCURRENCY = 100
const REFRESH_CONCURRENCY = 16
const READY_TIMEOUT_MS = 60_000
// Matching raw bytes, not parsing JSON, keeps the generator's CPU off the measurement.
const MARKER = Buffer.from(`"status":"${STATUS_PREFIX}`)
const QUOTE = 0x22

const sockets = new Set<WebSocket>()
let histogram = newHistogram()
let perWrite = new Map<number, [count: number, maxMs: number]>()
let dropped = 0

const send = (message: FromWorker) => process.send?.(message)

let baseUrl = ''
const accessTokens: string[] = []

process.on('message', (message: ToWorker) => {
  if (message.type === 'prepare') void prepare(message.baseUrl, message.refreshTokens)
  if (message.type === 'connect') void connectAll()
  if (message.type === 'reset') {
    histogram = newHistogram()
    perWrite = new Map()
  }
  if (message.type === 'stats') {
    send({
      type: 'stats',
      histogram: toSparse(histogram),
      perWrite: [...perWrite].map(([seq, [count, maxMs]]) => [seq, count, maxMs]),
      open: sockets.size,
      dropped,
    })
  }
  if (message.type === 'close') {
    for (const socket of sockets) socket.terminate()
    send({ type: 'closed' })
    process.disconnect()
  }
})

/** Counts failures and keeps the first one's message for the report. */
function failures() {
  const state = { failed: 0, firstError: undefined as string | undefined }
  const fail = (error: unknown) => {
    state.failed += 1
    state.firstError ??= error instanceof Error ? error.message : String(error)
  }
  return { state, fail }
}

/** Trades refresh tokens for access tokens, as a client does before opening the live channel. */
async function prepare(url: string, refreshTokens: string[]): Promise<void> {
  baseUrl = url
  const { state, fail } = failures()
  await inParallel(refreshTokens, REFRESH_CONCURRENCY, async (token) => {
    await refresh(url, token).then((access) => accessTokens.push(access), fail)
  })
  send({ type: 'prepared', sessions: accessTokens.length, ...state })
}

async function connectAll(): Promise<void> {
  const wsUrl = `${baseUrl.replace(/^http/, 'ws')}/api/live`
  const { state, fail } = failures()
  let ready = 0
  await inParallel(accessTokens, CONNECT_CONCURRENCY, async (token) => {
    await connect(wsUrl, token).then(() => (ready += 1), fail)
  })
  send({ type: 'opened', ready, ...state })
}

async function refresh(url: string, refreshToken: string): Promise<string> {
  const response = await fetch(`${url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  })
  const body = (await response.json()) as { access_token?: string }
  if (!response.ok || !body.access_token) throw new Error(`refresh: ${response.status}`)
  return body.access_token
}

/** Opens one socket and resolves once the server said `ready`. */
function connect(url: string, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false })
    let isReady = false
    const timer = setTimeout(() => {
      socket.terminate()
      reject(new Error('no ready in time'))
    }, READY_TIMEOUT_MS)
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token, batch: true })))
    socket.on('message', (data: Buffer) => {
      if (isReady) return onMessage(data)
      if (!data.toString().startsWith('{"type":"ready"')) return
      isReady = true
      clearTimeout(timer)
      sockets.add(socket)
      resolve()
    })
    socket.on('error', (error) => {
      clearTimeout(timer)
      if (!isReady) reject(error)
    })
    socket.on('close', (code) => {
      clearTimeout(timer)
      if (isReady) {
        dropped += 1
        sockets.delete(socket)
      } else reject(new Error(`closed before ready (${code})`))
    })
  })
}

/** Records every bench write a frame carries: one, or several when the server sent a batch. */
function onMessage(data: Buffer): void {
  const now = Date.now()
  for (let at = data.indexOf(MARKER); at >= 0; at = data.indexOf(MARKER, at + MARKER.length)) {
    recordArrival(data, at + MARKER.length, now)
  }
}

function recordArrival(data: Buffer, start: number, now: number): void {
  const end = data.indexOf(QUOTE, start)
  const [seqText, sentText] = data.toString('latin1', start, end).split(' ')
  const latency = now - Number(sentText)
  record(histogram, latency)
  const seq = Number(seqText)
  const entry = perWrite.get(seq)
  if (entry) {
    entry[0] += 1
    entry[1] = Math.max(entry[1], latency)
  } else perWrite.set(seq, [1, latency])
}

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!)
  })
  await Promise.all(lanes)
}
