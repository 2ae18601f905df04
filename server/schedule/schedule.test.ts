import ical, { type VEvent } from 'node-ical'
import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, type SignedUpUser, signIn, signUpUser } from '../test/auth-helpers'
import { FRIDAY_LINEUP, servedSets, setNamed, storeLineup } from '../test/lineup-helpers'
import { LiveTestClient } from '../test/live-test-client'
import { useTestApp } from '../test/test-app'
import { postVibe } from '../test/vibe-helpers'

const LINEUP = FRIDAY_LINEUP

describe('my schedule', () => {
  let baseUrl: string
  const t = useTestApp({
    FESTIVAL_TIME_ZONE: 'Europe/Amsterdam',
    FESTIVAL_NAME: 'Sunwave Festival',
    FESTIVAL_YEAR: '2026',
    LINEUP_WATCH_INTERVAL_MS: '200',
  })
  beforeAll(async () => {
    baseUrl = await t.listen()
    await storeLineup(t, LINEUP)
  })

  const call = (
    user: SignedUpUser,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(user.accessToken), payload })
  const scheduleOf = async (user: SignedUpUser) => (await call(user, 'GET', '/api/schedule')).json()

  it('gives every set of the lineup a stable key: its id, or a hash of day, stage and artist', async () => {
    const sets = await servedSets(t)
    expect(setNamed(sets, 'Nightjar').key).toBe('id.set-1')
    expect(setNamed(sets, 'Moonwalk').key).toMatch(/^h\.[A-Za-z0-9_-]{16}$/)
    // The same set in a lineup of other order and times keeps its key.
    expect(new Set(sets.map((set) => set.key)).size).toBe(sets.length)
  })

  it('stars and unstars a set idempotently, one small write each, and refuses an unknown set', async () => {
    const user = await signUpUser(t)
    const moonwalk = setNamed(await servedSets(t), 'Moonwalk')
    for (let i = 0; i < 2; i++) {
      expect((await call(user, 'PUT', `/api/schedule/stars/${moonwalk.key}`)).statusCode).toBe(204)
    }
    const schedule = await scheduleOf(user)
    expect(schedule.stars).toHaveLength(1)
    expect(schedule.stars[0]).toMatchObject({ key: moonwalk.key, seen: moonwalk, change: null })
    expect(schedule.reminders).toEqual({ minutesBefore: null, changes: false })

    const unknown = await call(user, 'PUT', '/api/schedule/stars/h.nothingLikeThis')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('set_not_found')
    expect((await call(user, 'PUT', '/api/schedule/stars/no%20spaces')).statusCode).toBe(400)

    for (let i = 0; i < 2; i++) {
      expect((await call(user, 'DELETE', `/api/schedule/stars/${moonwalk.key}`)).statusCode).toBe(
        204,
      )
    }
    expect((await scheduleOf(user)).stars).toEqual([])
  })

  it('keeps stars per account: another device of the same user sees them', async () => {
    const user = await signUpUser(t)
    const nightjar = setNamed(await servedSets(t), 'Nightjar')
    await call(user, 'PUT', `/api/schedule/stars/${nightjar.key}`)
    const signedIn = await signIn(t, user.email)
    const otherDevice = { ...user, accessToken: signedIn.json().access_token }
    expect((await scheduleOf(otherDevice)).stars.map((star: { key: string }) => star.key)).toEqual([
      nightjar.key,
    ])
  })

  it('tells what changed in the programme: moved, moved to another stage, cancelled; then remembers it', async () => {
    const user = await signUpUser(t)
    const before = await servedSets(t)
    for (const name of ['Nightjar', 'Moonwalk', 'Dawn Chorus']) {
      await call(user, 'PUT', `/api/schedule/stars/${setNamed(before, name).key}`)
    }
    // Nightjar (with an id) an hour later on another stage; Moonwalk (no id) to another stage;
    // Dawn Chorus cancelled.
    await storeLineup(t, [
      {
        ...LINEUP[0]!,
        stage: 'Forest',
        start: '2026-08-14T21:00:00Z',
        end: '2026-08-14T22:30:00Z',
      },
      { ...LINEUP[1]!, stage: 'Lake' },
      LINEUP[3]!,
    ])
    const after = await servedSets(t)
    const { stars } = await scheduleOf(user)
    const byName = (name: string) =>
      stars.find((star: { seen: { name: string } }) => star.seen.name === name)
    expect(byName('Nightjar').change).toEqual({ kind: 'changed', now: setNamed(after, 'Nightjar') })
    expect(byName('Nightjar').key).toBe('id.set-1')
    expect(byName('Moonwalk').change).toEqual({ kind: 'changed', now: setNamed(after, 'Moonwalk') })
    expect(setNamed(after, 'Moonwalk').key).not.toBe(byName('Moonwalk').key)
    expect(byName('Dawn Chorus').change).toEqual({ kind: 'cancelled' })

    const keys = stars.map((star: { key: string }) => star.key)
    expect((await call(user, 'POST', '/api/schedule/changes/seen', { keys })).statusCode).toBe(204)
    const seen = await scheduleOf(user)
    expect(
      seen.stars.map((star: { key: string; change: unknown }) => [star.key, star.change]),
    ).toEqual([
      [setNamed(after, 'Nightjar').key, null],
      [setNamed(after, 'Moonwalk').key, null],
    ])
    await storeLineup(t, LINEUP)
  })

  it('shares my picks read-only: a friend sees them, follows me, and a new link ends that', async () => {
    const alex = await signUpUser(t)
    await postVibe(t, alex, { username: 'Alex', emoji: '🦊', status: 'Front row' })
    const friend = await signUpUser(t)
    const nightjar = setNamed(await servedSets(t), 'Nightjar')
    await call(alex, 'PUT', `/api/schedule/stars/${nightjar.key}`)

    const share = (await call(alex, 'GET', '/api/schedule/share')).json()
    expect(share.url).toBe(`${new URL(share.url).origin}/?picks=${share.code}`)
    expect((await call(alex, 'GET', '/api/schedule/share')).json().code).toBe(share.code)

    const picks = await call(friend, 'GET', `/api/schedule/shared/${share.code}`)
    expect(picks.statusCode).toBe(200)
    expect(picks.json()).toEqual({
      owner: { userId: alex.userId, username: 'Alex', emoji: '🦊' },
      keys: [nightjar.key],
      following: false,
    })
    expect(
      (await call(friend, 'POST', '/api/schedule/follows', { code: share.code })).statusCode,
    ).toBe(204)
    expect(
      (await call(friend, 'POST', '/api/schedule/follows', { code: share.code })).statusCode,
    ).toBe(204)
    const crew = (await call(friend, 'GET', '/api/schedule/crew')).json()
    expect(crew).toEqual({
      following: [{ userId: alex.userId, username: 'Alex', emoji: '🦊' }],
      picks: { [nightjar.key]: [alex.userId] },
    })

    const own = await call(alex, 'POST', '/api/schedule/follows', { code: share.code })
    expect(own.statusCode).toBe(409)
    expect(own.json().code).toBe('follow_own')

    const renewed = (await call(alex, 'POST', '/api/schedule/share/regenerate')).json()
    expect(renewed.code).not.toBe(share.code)
    const old = await call(friend, 'GET', `/api/schedule/shared/${share.code}`)
    expect(old.statusCode).toBe(404)
    expect(old.json().code).toBe('share_not_found')
    expect((await call(friend, 'GET', '/api/schedule/crew')).json()).toEqual({
      following: [],
      picks: {},
    })

    await call(friend, 'POST', '/api/schedule/follows', { code: renewed.code })
    expect((await call(friend, 'DELETE', `/api/schedule/follows/${alex.userId}`)).statusCode).toBe(
      204,
    )
    expect((await call(friend, 'GET', '/api/schedule/crew')).json().following).toEqual([])
  })

  it('makes one share link and one calendar address when two devices ask for the first at once', async () => {
    const alex = await signUpUser(t)
    const friend = await signUpUser(t)
    for (const path of ['/api/schedule/share', '/api/schedule/calendar']) {
      const answers = await Promise.all(Array.from({ length: 6 }, () => call(alex, 'GET', path)))
      const links = new Set(answers.map((answer) => answer.json().url))
      expect(links.size).toBe(1)
      expect((await call(alex, 'GET', path)).json().url).toBe([...links][0])
    }
    // The one link every device was given is the one that works.
    const { code } = (await call(alex, 'GET', '/api/schedule/share')).json()
    expect((await call(friend, 'GET', `/api/schedule/shared/${code}`)).statusCode).toBe(200)
  })

  it('serves my schedule as a calendar feed on the festival clock, with an ETag and 304', async () => {
    const user = await signUpUser(t)
    const sets = await servedSets(t)
    for (const name of ['Dawn Chorus', 'Late Act']) {
      await call(user, 'PUT', `/api/schedule/stars/${setNamed(sets, name).key}`)
    }
    const link = (await call(user, 'GET', '/api/schedule/calendar')).json()
    expect(link.url).toMatch(/^webcal:\/\/[^/]+\/calendar\/[A-Za-z0-9_-]{32}\.ics$/)
    expect(link.httpsUrl.replace(/^https?:/, 'webcal:')).toBe(link.url)
    const path = new URL(link.httpsUrl).pathname

    const feed = await t.app.inject({ url: path })
    expect(feed.statusCode).toBe(200)
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(feed.headers['cache-control']).toBe('private, no-cache')
    const events = Object.values(ical.sync.parseICS(feed.body)).filter(
      (item): item is VEvent => item?.type === 'VEVENT',
    )
    expect(events).toHaveLength(2)
    const dawn = events.find((event) => event.summary === 'Dawn Chorus')!
    expect(dawn.location).toBe('Forest')
    // 01:30 local on Saturday: still Friday's festival night, at the right instant.
    expect((dawn.start as Date).toISOString()).toBe('2026-08-14T23:30:00.000Z')
    expect((dawn.end as Date).toISOString()).toBe('2026-08-15T01:00:00.000Z')
    expect((dawn.start as Date & { tz?: string }).tz).toBe('Europe/Amsterdam')
    expect(feed.body).toContain('DTSTART;TZID=Europe/Amsterdam:20260815T013000')
    expect(feed.body).toContain('BEGIN:VTIMEZONE')
    const late = events.find((event) => event.summary === 'Late Act')!
    expect(late.datetype).toBe('date')

    const etag = feed.headers.etag as string
    const unchanged = await t.app.inject({ url: path, headers: { 'if-none-match': etag } })
    expect(unchanged.statusCode).toBe(304)
    expect(unchanged.body).toBe('')
    // A star more: a new ETag.
    await call(user, 'PUT', `/api/schedule/stars/${setNamed(sets, 'Moonwalk').key}`)
    const starred = await t.app.inject({ url: path, headers: { 'if-none-match': etag } })
    expect(starred.statusCode).toBe(200)
    expect(starred.headers.etag).not.toBe(etag)

    const renewed = (await call(user, 'POST', '/api/schedule/calendar/regenerate')).json()
    expect(renewed.url).not.toBe(link.url)
    const old = await t.app.inject({ url: path })
    expect(old.statusCode).toBe(404)
    expect(old.json().code).toBe('calendar_not_found')
    expect((await t.app.inject({ url: '/calendar/short.ics' })).statusCode).toBe(400)
  })

  it('saves reminder choices, and refuses minutes other than 5, 10, 15 or 30', async () => {
    const user = await signUpUser(t)
    const saved = await call(user, 'PUT', '/api/schedule/reminders', {
      minutesBefore: 15,
      changes: true,
    })
    expect(saved.json()).toEqual({ minutesBefore: 15, changes: true })
    expect((await scheduleOf(user)).reminders).toEqual({ minutesBefore: 15, changes: true })
    const wrong = await call(user, 'PUT', '/api/schedule/reminders', {
      minutesBefore: 7,
      changes: true,
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toContain('5, 10, 15 or 30')
  })

  it('tells open apps when the lineup changes, from this instance or written by another process', async () => {
    const user = await signUpUser(t)
    const client = await LiveTestClient.signedIn(baseUrl, user.accessToken)
    const changed = await storeLineup(t, [
      ...LINEUP,
      { name: 'Encore', stage: 'Main', date: '2026-08-14' },
    ])
    expect(await client.next((message) => message.type === 'lineup')).toEqual({
      type: 'lineup',
      etag: changed.snapshot.etag,
    })
    // Written behind the server's back (lineup:import is another process): the watcher sees it.
    const { writeTransaction } = await import('../db/database')
    const { saveLineup } = await import('../lineup/lineup.repository')
    const external = await writeTransaction(t.database, (trx) =>
      saveLineup(trx, LINEUP, 'file:x', Date.now()),
    )
    expect(await client.next((message) => message.type === 'lineup')).toEqual({
      type: 'lineup',
      etag: external.snapshot.etag,
    })
    client.close()
  })
})
