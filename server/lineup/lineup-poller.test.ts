import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { json, startFakeUpstream } from '../test/fake-upstream'
import { withoutKeys } from '../test/lineup-helpers'
import { createTestApp, type TestApp } from '../test/test-app'
import { createLineupPoller, type LineupPollerOptions } from './lineup-poller'

const clock = { timeZone: 'Europe/Amsterdam', dayChangeHour: 6 }
const lineupA = [{ name: 'Aurora Lane', stage: 'Main Stage', start: '2026-07-10T18:30:00Z' }]
const lineupB = [...lineupA, { name: 'Night Owls', stage: 'Moon Tent', date: '2026-07-10' }]
const MODIFIED = 'Wed, 01 Jul 2026 09:00:00 GMT'

describe('the upstream lineup poller', () => {
  let t: TestApp
  let upstream: Awaited<ReturnType<typeof startFakeUpstream>>
  let clockNow = Date.parse('2026-07-01T09:00:00Z')
  const log = { info: vi.fn(), warn: vi.fn() }
  const poller = (overrides: Partial<LineupPollerOptions> = {}) =>
    createLineupPoller({
      url: upstream.url,
      intervalMs: 60_000,
      timeoutMs: 2_000,
      database: t.database,
      clock,
      now: () => clockNow,
      log,
      ...overrides,
    })
  const served = async () => (await t.app.inject('/api/lineup')).json()
  const namesServed = async () => (await served()).data.map((set: { name: string }) => set.name)

  beforeAll(async () => {
    t = await createTestApp()
    upstream = await startFakeUpstream()
  })
  afterAll(async () => {
    await upstream.close()
    await t.close()
  })
  afterEach(() => {
    log.info.mockClear()
    log.warn.mockClear()
  })

  it('stores a changed upstream lineup and remembers its validators', async () => {
    upstream.answer(json(lineupA, { ETag: '"v1"', 'Last-Modified': MODIFIED }))
    expect(await poller().pollOnce()).toBe('changed')
    expect(await namesServed()).toEqual(['Aurora Lane'])
    expect((await served()).lastUpdated).toBe('2026-07-01T09:00:00.000Z')
    expect(log.info).toHaveBeenCalledWith(
      { upstream: upstream.url, sets: 1, changed: true },
      'lineup fetched from upstream',
    )
  })

  it('asks conditionally, and a 304 keeps the lineup and its lastUpdated', async () => {
    const subject = poller()
    upstream.answer(json(lineupA, { ETag: '"v1"', 'Last-Modified': MODIFIED }))
    await subject.pollOnce()
    upstream.answer((request, response) => {
      const fresh =
        request.headers['if-none-match'] === '"v1"' &&
        request.headers['if-modified-since'] === MODIFIED
      response.writeHead(fresh ? 304 : 500).end()
    })
    clockNow += 60_000
    expect(await subject.pollOnce()).toBe('not-modified')
    expect(await namesServed()).toEqual(['Aurora Lane'])
    expect((await served()).lastUpdated).toBe('2026-07-01T09:00:00.000Z')
  })

  it('keeps lastUpdated when an upstream without validators sends the same lineup', async () => {
    upstream.answer(json({ success: true, data: lineupA }))
    clockNow += 60_000
    expect(await poller().pollOnce()).toBe('unchanged')
    expect((await served()).lastUpdated).toBe('2026-07-01T09:00:00.000Z')
  })

  it('replaces the lineup when upstream changes it', async () => {
    upstream.answer(json(lineupB, { ETag: '"v2"' }))
    expect(await poller().pollOnce()).toBe('changed')
    expect(await namesServed()).toEqual(['Aurora Lane', 'Night Owls'])
    expect((await served()).lastUpdated).toBe(new Date(clockNow).toISOString())
  })

  it('keeps the last good lineup when upstream fails, and logs why', async () => {
    upstream.answer(json('<h1>Bad Gateway</h1>', { 'Content-Type': 'text/html' }, 502))
    expect(await poller().pollOnce()).toBe('failed')
    expect(await namesServed()).toEqual(['Aurora Lane', 'Night Owls'])
    expect(log.warn).toHaveBeenCalledWith(
      { upstream: upstream.url, status: 502 },
      'lineup upstream failed; kept the last good lineup',
    )
  })

  it('keeps the last good lineup when upstream sends an invalid or empty lineup', async () => {
    for (const body of ['<html>oops</html>', '[]', '[{"name":"No Stage","date":"2026-07-10"}]']) {
      upstream.answer(json(body))
      expect(await poller().pollOnce(), body).toBe('invalid')
    }
    expect(await namesServed()).toEqual(['Aurora Lane', 'Night Owls'])
    expect(log.warn).toHaveBeenLastCalledWith(
      { upstream: upstream.url, problemCount: 1, problems: ['line 1: stage: is required'] },
      'lineup upstream sent an invalid lineup; kept the last good lineup',
    )
  })

  it('gives up on a silent upstream after the timeout, and on an unreachable one', async () => {
    upstream.answer(() => {}) // never answers
    expect(await poller({ timeoutMs: 150 }).pollOnce()).toBe('failed')
    expect(log.warn).toHaveBeenLastCalledWith(
      { upstream: upstream.url, reason: 'no complete answer within 150 ms' },
      'lineup upstream poll failed; kept the last good lineup',
    )
    expect(await poller({ url: 'http://127.0.0.1:9/lineup.json' }).pollOnce()).toBe('failed')
    expect(await namesServed()).toEqual(['Aurora Lane', 'Night Owls'])
  })

  it('keeps tokens in the upstream URL out of the logs', async () => {
    upstream.answer(json('{}', {}, 500))
    await poller({ url: `${upstream.url}?token=s3cret` }).pollOnce()
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('s3cret')
  })

  it('polls on its interval until stopped, then aborts the poll in flight', async () => {
    upstream.answer(json(lineupB))
    const before = upstream.requests.length
    const subject = poller({ intervalMs: 20 })
    subject.start()
    await vi.waitFor(() => expect(upstream.requests.length).toBeGreaterThanOrEqual(before + 3))
    upstream.answer(() => {}) // the next poll hangs until it is aborted
    const hanging = upstream.requests.length
    await vi.waitFor(() => expect(upstream.requests.length).toBe(hanging + 1))
    const aborted = new Promise((resolve) => upstream.requests.at(-1)?.on('close', resolve))
    await subject.stop()
    await aborted
    const stoppedAt = upstream.requests.length
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(upstream.requests.length).toBe(stoppedAt)
  })
})

describe('an app with LINEUP_URL', () => {
  it('serves the upstream lineup instead of the demo, and stops polling when closed', async () => {
    const upstream = await startFakeUpstream()
    upstream.answer(json(lineupA))
    const t = await createTestApp({ LINEUP_URL: upstream.url })
    try {
      await vi.waitFor(async () => {
        const response = await t.app.inject('/api/lineup')
        expect(withoutKeys(response.json().data)).toEqual([{ ...lineupA[0], date: '2026-07-10' }])
      })
    } finally {
      upstream.answer(() => {})
      await t.close()
      await upstream.close()
    }
    expect(upstream.requests.length).toBe(1)
  })

  it('drops its remembered ETag as soon as its own poll stores a change', async () => {
    const upstream = await startFakeUpstream()
    upstream.answer(json(lineupA))
    // The clock stands still, so only the poll can make the remembered ETag go.
    const frozen = Date.parse('2026-07-01T09:00:00Z')
    const t = await createTestApp(
      { LINEUP_URL: upstream.url, LINEUP_POLL_INTERVAL_S: '5' },
      { now: () => frozen },
    )
    const ask = (etag?: string) =>
      t.app.inject({ url: '/api/lineup', headers: etag ? { 'if-none-match': etag } : {} })
    try {
      await vi.waitFor(async () => expect((await ask()).json().data).toHaveLength(1))
      const etagA = String((await ask()).headers.etag)
      expect((await ask(etagA)).statusCode).toBe(304)

      upstream.answer(json(lineupB))
      await vi.waitFor(() => expect(upstream.requests.length).toBe(2), { timeout: 8_000 })
      await vi.waitFor(async () => expect((await ask(etagA)).statusCode).toBe(200))
      expect((await ask(etagA)).json().data).toHaveLength(2)
    } finally {
      upstream.answer(() => {})
      await t.close()
      await upstream.close()
    }
  }, 15_000)
})
