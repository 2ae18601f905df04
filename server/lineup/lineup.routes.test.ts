import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { LineupResponseSchema } from '../../shared/lineup/lineup.schema'
import { groupByDate, groupByStage } from '../../shared/lineup/lineup-grouping'
import { buildApp } from '../app'
import { writeTransaction } from '../db/database'
import { createFakeClock } from '../test/fake-clock'
import { withoutKeys } from '../test/lineup-helpers'
import { createTestApp, useTestApp } from '../test/test-app'
import { saveLineup } from './lineup.repository'
import { LINEUP_ETAG_MAX_AGE_MS } from './lineup.service'

const STARTED_AT = Date.parse('2026-06-01T10:00:00Z')
const newLineup = [{ name: 'Only Act', stage: 'Main Stage', date: '2026-07-10' }]

describe('GET /api/lineup', () => {
  const clock = createFakeClock(STARTED_AT)
  const t = useTestApp({}, { now: clock.now })

  it('serves the demo festival to anyone, signed in or not, in the spec envelope', async () => {
    const response = await t.app.inject('/api/lineup')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers.etag).toMatch(/^"[\w-]{32}"$/)
    const body = LineupResponseSchema.parse(response.json())
    expect(Object.keys(response.json())).toEqual(['success', 'data', 'lastUpdated'])
    expect(body.lastUpdated).toBe('2026-06-01T10:00:00.000Z')
    expect(groupByDate(body.data).map((day) => day.date)).toEqual([
      '2026-07-10',
      '2026-07-11',
      '2026-07-12',
    ])
    expect(groupByStage(body.data).length).toBeGreaterThanOrEqual(3)
    // A set at 01:00 on Saturday morning is part of Friday night.
    expect(withoutKeys(body.data)).toContainEqual({
      name: 'Nightjar',
      stage: 'Moonlight Tent',
      date: '2026-07-10',
      start: '2026-07-10T23:00:00Z',
      end: '2026-07-11T00:30:00Z',
    })
  })

  it('is compressed in the best encoding the client accepts, and as it is for one that accepts none', async () => {
    const plain = await t.app.inject('/api/lineup')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Accept-Encoding')
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['br;q=0.5, gzip;q=0.9', 'gzip', gunzipSync],
    ] as const) {
      const response = await t.app.inject({
        url: '/api/lineup',
        headers: { 'accept-encoding': accepted },
      })
      expect(response.headers['content-encoding'], accepted).toBe(encoding)
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(response.headers.etag).toBe(plain.headers.etag)
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
      expect(decode(response.rawPayload).toString()).toBe(plain.body)
    }
  })

  it('answers 304 without a body while the ETag still matches', async () => {
    const first = await t.app.inject('/api/lineup')
    const etag = String(first.headers.etag)
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.app.inject({
        url: '/api/lineup',
        headers: { 'if-none-match': ifNoneMatch },
      })
      expect(again.statusCode, ifNoneMatch).toBe(304)
      expect(again.body).toBe('')
      expect(again.headers.etag).toBe(etag)
      expect(again.headers.vary).toBe('Accept-Encoding')
    }
    const other = await t.app.inject({
      url: '/api/lineup',
      headers: { 'if-none-match': '"other"' },
    })
    expect(other.statusCode).toBe(200)
  })

  it('answers the new lineup to an old ETag once the lineup changed', async () => {
    const old = String((await t.app.inject('/api/lineup')).headers.etag)
    // Stored by another writer (an import, another instance): seen once the memo ages out.
    await writeTransaction(t.database, (trx) =>
      saveLineup(trx, newLineup, 'test', STARTED_AT + 60_000),
    )
    clock.advance(LINEUP_ETAG_MAX_AGE_MS)
    const response = await t.app.inject({ url: '/api/lineup', headers: { 'if-none-match': old } })
    expect(response.statusCode).toBe(200)
    expect(response.headers.etag).not.toBe(old)
    expect({ ...response.json(), data: withoutKeys(response.json().data) }).toEqual({
      success: true,
      data: newLineup,
      lastUpdated: '2026-06-01T10:01:00.000Z',
    })
  })

  it('does not seed the demo over an existing lineup when the app starts again', async () => {
    const restarted = await buildApp(t.config, { database: t.database })
    try {
      expect(withoutKeys((await restarted.inject('/api/lineup')).json().data)).toEqual(newLineup)
    } finally {
      await restarted.close()
    }
  })
})

describe('GET /api/lineup when it cannot answer', () => {
  const t = useTestApp()

  it('answers 503 in the envelope while no lineup is stored', async () => {
    await t.database.db.deleteFrom('lineup_snapshots').execute()
    const response = await t.app.inject('/api/lineup')
    expect(response.statusCode).toBe(503)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.json()).toEqual({
      success: false,
      error: 'The lineup has not been published yet',
    })
  })

  it('answers 500 in the envelope, without details, when something breaks', async () => {
    await sql`drop table lineup_snapshots`.execute(t.database.db)
    const response = await t.app.inject('/api/lineup')
    expect(response.statusCode).toBe(500)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({ success: false, error: 'Something went wrong on our side' })
    expect(response.body).not.toContain('lineup_snapshots')
  })
})

describe('the demo lineup', () => {
  it('fits any configured festival clock, its days following the start times', async () => {
    const t = await createTestApp({ FESTIVAL_TIME_ZONE: 'Asia/Tokyo' })
    try {
      const body = LineupResponseSchema.parse((await t.app.inject('/api/lineup')).json())
      // 23:00Z is 01:00 in Amsterdam (Friday night) but 08:00 on Saturday in Tokyo.
      expect(body.data.find((set) => set.name === 'Nightjar')?.date).toBe('2026-07-11')
      // 12:00Z is 21:00 on Friday in Tokyo.
      expect(body.data.find((set) => set.name === 'Fern & Fable')?.date).toBe('2026-07-10')
    } finally {
      await t.close()
    }
  })
})

describe('DEMO_LINEUP=festival', () => {
  it('serves the festival-sized demo, in place of a stored demo but never of a real lineup', async () => {
    const small = await createTestApp()
    try {
      expect((await small.app.inject('/api/lineup')).json().data).toHaveLength(49)
      const festival = await buildApp(
        { ...small.config, DEMO_LINEUP: 'festival' },
        {
          database: small.database,
        },
      )
      try {
        const body = LineupResponseSchema.parse((await festival.inject('/api/lineup')).json())
        expect(body.data.length).toBeGreaterThanOrEqual(280)
        expect(new Set(body.data.map((set) => set.date)).size).toBe(4)
      } finally {
        await festival.close()
      }
      await writeTransaction(small.database, (trx) =>
        saveLineup(trx, newLineup, 'import', STARTED_AT),
      )
      const again = await buildApp(
        { ...small.config, DEMO_LINEUP: 'festival' },
        {
          database: small.database,
        },
      )
      try {
        expect(withoutKeys((await again.inject('/api/lineup')).json().data)).toEqual(newLineup)
      } finally {
        await again.close()
      }
    } finally {
      await small.close()
    }
  })
})
