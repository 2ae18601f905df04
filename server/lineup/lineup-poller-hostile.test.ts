import { monitorEventLoopDelay } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { LINEUP_TEXT_ATTACKS } from '../../shared/lineup/lineup-text-attacks.rows'
import { json, startFakeUpstream } from '../test/fake-upstream'
import { createTestApp, type TestApp } from '../test/test-app'
import { createLineupPoller, type LineupPollerOptions } from './lineup-poller'

const clock = { timeZone: 'Europe/Amsterdam', dayChangeHour: 6 }
const goodLineup = [{ name: 'Aurora Lane', stage: 'Main Stage', date: '2026-07-10' }]
const otherLineup = [{ name: 'Intruder', stage: 'Nowhere', date: '2026-07-10' }]
const MiB = 1024 * 1024
// About 1 MB of brackets: half a million arrays, one inside the other.
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

// What the security review tried against LINEUP_URL: each poll must fail, say why, and leave
// the last good lineup in place.
describe('the lineup poller against a hostile upstream', () => {
  let t: TestApp
  let upstream: Awaited<ReturnType<typeof startFakeUpstream>>
  let elsewhere: Awaited<ReturnType<typeof startFakeUpstream>>
  const log = { info: vi.fn(), warn: vi.fn() }
  const poller = (overrides: Partial<LineupPollerOptions> = {}) =>
    createLineupPoller({
      url: upstream.url,
      intervalMs: 60_000,
      timeoutMs: 10_000,
      database: t.database,
      clock,
      now: () => Date.parse('2026-07-01T09:00:00Z'),
      log,
      ...overrides,
    })
  const namesServed = async () =>
    (await t.app.inject('/api/lineup')).json().data.map((set: { name: string }) => set.name)
  const lastWarning = () => log.warn.mock.calls.at(-1)

  beforeAll(async () => {
    t = await createTestApp()
    upstream = await startFakeUpstream()
    elsewhere = await startFakeUpstream()
    elsewhere.answer(json(otherLineup))
    upstream.answer(json(goodLineup))
    expect(await poller().pollOnce()).toBe('changed')
  })
  afterAll(async () => {
    await elsewhere.close()
    await upstream.close()
    await t.close()
  })
  afterEach(async () => {
    expect(await namesServed()).toEqual(['Aurora Lane'])
    log.warn.mockClear()
  })

  it('does not follow a redirect to another origin (another local port), and says so', async () => {
    upstream.answer((_request, response) =>
      response.writeHead(302, { Location: `${elsewhere.url}?token=s3cret` }).end(),
    )
    expect(await poller().pollOnce()).toBe('failed')
    expect(elsewhere.requests).toHaveLength(0)
    expect(lastWarning()).toEqual([
      {
        upstream: upstream.url,
        reason: `redirected to ${elsewhere.url}, another origin; only redirects within ${new URL(upstream.url).origin} are followed`,
      },
      'lineup upstream poll failed; kept the last good lineup',
    ])
  })

  it('follows a redirect within its origin, at most 3 times', async () => {
    upstream.answer((request, response) => {
      if (request.url === '/lineup.json') response.writeHead(301, { Location: '/v2.json' }).end()
      else json(goodLineup)(request, response)
    })
    expect(await poller().pollOnce()).toBe('unchanged')

    const before = upstream.requests.length
    upstream.answer((_request, response) =>
      response.writeHead(307, { Location: '/lineup.json' }).end(),
    )
    expect(await poller().pollOnce()).toBe('failed')
    expect(upstream.requests.length - before).toBe(4)
    expect(lastWarning()?.[0]).toEqual({ upstream: upstream.url, reason: 'more than 3 redirects' })
  })

  it('stops reading an endless body at the 2 MiB cap, long before the timeout', async () => {
    let sent = 0
    upstream.answer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' })
      const chunk = Buffer.alloc(64 * 1024, ' ')
      const write = () => {
        while (!response.destroyed && response.write(chunk)) sent += chunk.length
        if (!response.destroyed) response.once('drain', write)
      }
      write()
    })
    expect(await poller().pollOnce()).toBe('failed')
    expect(lastWarning()?.[0]).toEqual({
      upstream: upstream.url,
      reason: 'the body is over the 2 MiB cap (2097152 bytes); stopped reading',
    })
    // The writes stop once the poller hangs up; far from the gigabytes an endless body would be.
    expect(sent).toBeLessThan(64 * MiB)
  })

  it('refuses a declared oversize body, and a gzip bomb, at the same cap', async () => {
    upstream.answer((_request, response) =>
      response.writeHead(200, { 'Content-Length': String(3 * MiB) }).end(' '.repeat(3 * MiB)),
    )
    expect(await poller().pollOnce()).toBe('failed')
    expect(lastWarning()?.[0]).toEqual({
      upstream: upstream.url,
      reason: 'the body is 3145728 bytes, over the 2 MiB cap (2097152 bytes); not read',
    })

    const bomb = gzipSync(Buffer.alloc(64 * MiB, ' '))
    upstream.answer((_request, response) =>
      response.writeHead(200, { 'Content-Encoding': 'gzip' }).end(bomb),
    )
    expect(await poller().pollOnce()).toBe('failed')
    expect(lastWarning()?.[0]).toMatchObject({ reason: expect.stringContaining('2 MiB cap') })
  })

  it('refuses a 1 MB deeply nested body without parsing it', async () => {
    const delay = monitorEventLoopDelay({ resolution: 1 })
    delay.enable()
    for (const body of [nestedArrays(500_000), `{"data":${nestedArrays(500_000)}}`]) {
      upstream.answer(json(body))
      expect(await poller().pollOnce()).toBe('invalid')
      expect(lastWarning()?.[0]).toEqual({
        upstream: upstream.url,
        problemCount: 1,
        problems: ['line 1: nested more than 4 levels deep; a lineup is a list of flat sets'],
      })
    }
    delay.disable()
    // Printed, not asserted: a shared machine's timings are no test (parsing it took ~100 ms).
    console.info(
      `hostile lineup: 2 nested 1 MB bodies, longest event-loop block ${Math.round(delay.max / 1e6)} ms`,
    )
  })

  it('refuses a 2 MB body of a million tiny values without parsing it', async () => {
    upstream.answer(json(`[${'0,'.repeat(1_000_000)}0]`))
    expect(await poller().pollOnce()).toBe('invalid')
    expect(lastWarning()?.[0]).toMatchObject({
      problems: ['line 1: more than 50000 values; a lineup is at most 2000 sets of a few fields'],
    })
  })

  it('refuses names and stages that break the text rules, and serves the last good lineup', async () => {
    upstream.answer(
      json(
        LINEUP_TEXT_ATTACKS.map(([, text]) => ({ name: text, stage: text, date: '2026-07-10' })),
      ),
    )
    expect(await poller().pollOnce()).toBe('invalid')
    // The log names the first 10 problems and counts them all.
    expect(lastWarning()?.[0]).toEqual({
      upstream: upstream.url,
      problemCount: 2 * LINEUP_TEXT_ATTACKS.length,
      problems: LINEUP_TEXT_ATTACKS.flatMap(([, , problem]) => [
        `line 1: name: ${problem}`,
        `line 1: stage: ${problem}`,
      ]).slice(0, 10),
    })
  })

  it('refuses a set that hides a deeply nested extra field', async () => {
    const hidden = `[{"name":"Intruder","stage":"Nowhere","date":"2026-07-10",\n"x":${nestedArrays(100_000)}}]`
    upstream.answer(json(hidden))
    expect(await poller().pollOnce()).toBe('invalid')
    expect(lastWarning()?.[0]).toMatchObject({
      problems: ['line 2: nested more than 4 levels deep; a lineup is a list of flat sets'],
    })
  })
})
