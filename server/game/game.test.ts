import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUpUser, statusesOf } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import {
  awardedBadges,
  checkIn,
  earned,
  gameFile,
  gameOf,
  STAGE_PAGES_KEY,
  stageCode,
} from '../test/game-helpers'
import { LiveTestClient } from '../test/live-test-client'
import { fakeClient, fasQuery, hidOf } from '../test/opennds-query'
import { createTestApp, useTestApp } from '../test/test-app'
import { postVibe } from '../test/vibe-helpers'
import { authmonPost, formState, GATEWAYS, gatewaysFile, postForm } from '../test/wifi-helpers'
import { rhidOf } from '../wifi/wifi-secrets'

// 2026-08-14 12:00 in Amsterdam (UTC+2): the festival clock's days turn at 06:00 local time.
const FRIDAY_NOON = Date.parse('2026-08-14T10:00:00Z')
const HOUR = 3_600_000
const ROTATE_MS = 5 * 60_000

describe('the game', () => {
  const clock = createFakeClock(FRIDAY_NOON)
  const t = useTestApp(
    {
      GAME_STAGE_PAGES_KEY: STAGE_PAGES_KEY,
      // Tokens outlive the days this test moves the clock through.
      AUTH_JWT_EXPIRY: '604800',
      FESTIVAL_FIRST_DAY: '2026-08-15',
      FESTIVAL_TIME_ZONE: 'Europe/Amsterdam',
      FESTIVAL_DAY_CHANGE_HOUR: '6',
      GAME_CONFIG_FILE: gameFile((game) => ({
        ...game,
        quests: {
          ...game.quests,
          crew: { points: 20, target: 1, pointsEach: 20, maxPerInviter: 2 },
        },
      })),
    },
    { now: clock.now },
  )
  let baseUrl: string
  beforeAll(async () => {
    baseUrl = await t.listen()
  })

  it('starts a new account at level 1 with every quest locked and an invite link', async () => {
    const user = await signUpUser(t)
    const game = await gameOf(t, user.accessToken)
    expect(game.level).toBe(1)
    expect(game.points).toBe(0)
    expect(game.badges.map((badge) => badge.id)).toEqual([
      'vibe-set',
      'daily-vibe',
      'stage-hopper',
      'crew',
      'early-bird',
      'planner',
    ])
    expect(game.badges.every((badge) => badge.earnedAt === null)).toBe(true)
    // A friend (20 points, and the Crew badge's 20) is the shortest way to level 2 here.
    expect(game.next).toMatchObject({ level: 2, points: 40, hint: '1 more friend' })
    expect(game.inviteUrl).toMatch(/\/\?invite=[a-z0-9]{10}$/)
    // The link stays the same.
    expect((await gameOf(t, user.accessToken)).inviteUrl).toBe(game.inviteUrl)
  })

  it('awards "Vibe set" when the vibe is created, telling only that user’s devices', async () => {
    const user = await signUpUser(t)
    const other = await signUpUser(t)
    const [phone, laptop, stranger] = await Promise.all([
      LiveTestClient.signedIn(baseUrl, user.accessToken),
      LiveTestClient.signedIn(baseUrl, user.accessToken),
      LiveTestClient.signedIn(baseUrl, other.accessToken),
    ])
    await postVibe(t, user)
    for (const device of [phone, laptop]) {
      const message = await device.next((m) => m.type === 'game')
      expect(message).toEqual({
        type: 'game',
        level: 1,
        unlocked: [{ id: 'vibe-set', name: 'Vibe set' }],
      })
    }
    const game = await gameOf(t, user.accessToken)
    expect(earned(game, 'vibe-set')).not.toBeNull()
    expect(game.points).toBe(20)
    // The stranger's socket heard the vibe (the feed) but nothing of the other user's game.
    await stranger.next((m) => m.type === 'vibe')
    expect(stranger.messages.some((m) => m.type === 'game')).toBe(false)
    for (const socket of [phone, laptop, stranger]) socket.close()
  })

  it('counts vibe updates per festival day, turning at the day-change hour, with a streak', async () => {
    const user = await signUpUser(t)
    const vibe = await postVibe(t, user) // Friday 12:00
    const update = async () => {
      const answer = await t.app.inject({
        method: 'PATCH',
        url: `/api/vibes/${vibe.id}`,
        headers: bearer(user.accessToken),
        payload: { username: vibe.username, emoji: '🎉', status: `at ${clock.now()}` },
      })
      expect(answer.statusCode, answer.body).toBe(200)
    }
    // Saturday 01:30 and 05:59 local are still Friday's festival day.
    clock.advance(13.5 * HOUR)
    await update()
    clock.advance(4.5 * HOUR - 60_000)
    await update()
    let game = await gameOf(t, user.accessToken)
    let daily = game.badges.find((badge) => badge.id === 'daily-vibe')!
    expect(daily.progress).toEqual({ current: 1, target: 3 })
    // 06:00 Saturday: a new festival day.
    clock.advance(60_000)
    await update()
    game = await gameOf(t, user.accessToken)
    daily = game.badges.find((badge) => badge.id === 'daily-vibe')!
    expect(daily.progress).toEqual({ current: 2, target: 3 })
    expect(daily.streak).toBe(2)
    expect(daily.earnedAt).toBeNull()
    // Sunday: the third day earns the badge.
    clock.advance(24 * HOUR)
    await update()
    game = await gameOf(t, user.accessToken)
    daily = game.badges.find((badge) => badge.id === 'daily-vibe')!
    expect(daily).toMatchObject({ progress: { current: 3, target: 3 }, streak: 3 })
    expect(daily.earnedAt).not.toBeNull()
    expect(game.points).toBe(20 + 40)
  })

  it('counts festival days by the festival’s zone, not by UTC', async () => {
    // Los Angeles (UTC-7 in August), days turning at 06:00 local: 12:00Z is 05:00, still the
    // 13th's festival day; 13:30Z is 06:30, the 14th's. One UTC date, two festival days.
    const westClock = createFakeClock(Date.parse('2026-08-14T12:00:00Z'))
    const west = await createTestApp(
      {
        FESTIVAL_TIME_ZONE: 'America/Los_Angeles',
        FESTIVAL_DAY_CHANGE_HOUR: '6',
        AUTH_JWT_EXPIRY: '604800',
      },
      { now: westClock.now },
    )
    try {
      const user = await signUpUser(west)
      const vibe = await postVibe(west, user)
      westClock.advance(1.5 * HOUR)
      const answer = await west.app.inject({
        method: 'PATCH',
        url: `/api/vibes/${vibe.id}`,
        headers: bearer(user.accessToken),
        payload: { username: vibe.username, emoji: '🎉', status: 'Sunrise set' },
      })
      expect(answer.statusCode, answer.body).toBe(200)
      const days = await west.database.db
        .selectFrom('game_vibe_days')
        .select('day')
        .where('user_id', '=', user.userId)
        .orderBy('day')
        .execute()
      expect(days.map((row) => row.day)).toEqual(['2026-08-13', '2026-08-14'])
      const daily = (await gameOf(west, user.accessToken)).badges.find((b) => b.id === 'daily-vibe')
      expect(daily).toMatchObject({ progress: { current: 2, target: 3 }, streak: 2 })
    } finally {
      await west.close()
    }
  })

  it('checks in at a stage with its current code, once per stage and festival day', async () => {
    const user = await signUpUser(t)
    const code = await stageCode(t, 'Main Stage')
    const first = await checkIn(t, user.accessToken, code.toLowerCase().replace(/^(...)/, '$1-'))
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().stage).toBe('Main Stage')
    expect(first.json().game.points).toBe(10)
    const again = await checkIn(t, user.accessToken, code)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({
      code: 'already_checked_in',
      message:
        'You already checked in at Main Stage today. Come back tomorrow, or try another stage.',
    })
    // The next festival day it counts as a check-in, but not as another stage.
    clock.advance(24 * HOUR)
    const tomorrow = await checkIn(t, user.accessToken, await stageCode(t, 'Main Stage'))
    expect(tomorrow.statusCode, tomorrow.body).toBe(200)
    expect(
      tomorrow.json().game.badges.find((b: { id: string }) => b.id === 'stage-hopper'),
    ).toMatchObject({ progress: { current: 1, target: 3 } })
  })

  it('takes a code in its window and the one before, and names an old or forged one', async () => {
    const user = await signUpUser(t)
    // To the start of a window, then the code of that window.
    clock.advance(ROTATE_MS - (clock.now() % ROTATE_MS))
    const code = await stageCode(t, 'The Grove')
    clock.advance(2 * ROTATE_MS - 1) // the last millisecond of the next window
    const late = await checkIn(t, user.accessToken, code)
    expect(late.statusCode, late.body).toBe(200)
    const harbourCode = await stageCode(t, 'Harbour Club')
    clock.advance(2 * ROTATE_MS + 1) // two windows on: too old
    const old = await checkIn(t, user.accessToken, harbourCode)
    expect(old.statusCode).toBe(400)
    expect(old.json()).toEqual({
      code: 'stage_code_expired',
      message: 'That code for Harbour Club has expired. Scan the code shown at the stage now.',
    })
    for (const forged of ['ZZZZZZ', '23456', 'not a code at all']) {
      const answer = await checkIn(t, user.accessToken, forged)
      expect(answer.statusCode).toBe(400)
      expect(answer.json().code).toMatch(/stage_code_invalid|validation_failed/)
    }
  })

  it('stores one check-in when 20 requests race with one code, and awards the badge it completes', async () => {
    const user = await signUpUser(t)
    const socket = await LiveTestClient.signedIn(baseUrl, user.accessToken)
    for (const stage of ['Main Stage', 'The Grove']) {
      expect((await checkIn(t, user.accessToken, await stageCode(t, stage))).statusCode).toBe(200)
    }
    const code = await stageCode(t, 'Moonlight Tent')
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => checkIn(t, user.accessToken, code)),
    )
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(19)
    // And 20 reads that each check the quests, racing too.
    await Promise.all(Array.from({ length: 20 }, () => gameOf(t, user.accessToken)))
    expect(await awardedBadges(t, user.userId)).toEqual(['stage-hopper'])
    await socket.next((m) => m.type === 'game' && m.unlocked.length > 0)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const unlocks = socket.messages.filter((m) => m.type === 'game' && m.unlocked.length > 0)
    expect(unlocks).toHaveLength(1)
    const game = await gameOf(t, user.accessToken)
    expect(game.points).toBe(3 * 10 + 40)
    expect(game.level).toBe(2)
    socket.close()
  })

  it('counts a friend who signs up through an invite and sets a vibe, once for both', async () => {
    const inviter = await signUpUser(t)
    const code = new URL((await gameOf(t, inviter.accessToken)).inviteUrl).searchParams.get(
      'invite',
    )!
    const accept = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/game/invites',
        headers: bearer(token),
        payload: { code },
      })
    const own = await accept(inviter.accessToken)
    expect(own.statusCode, own.body).toBe(409)
    expect(own.json().code).toBe('invite_own')

    const friend = await signUpUser(t)
    expect((await accept(friend.accessToken)).json()).toEqual({ accepted: true })
    expect((await accept(friend.accessToken)).json()).toEqual({ accepted: false })
    // Not counted until the friend has a vibe.
    expect((await gameOf(t, inviter.accessToken)).points).toBe(0)
    const inviterSocket = await LiveTestClient.signedIn(baseUrl, inviter.accessToken)
    await postVibe(t, friend)
    const message = await inviterSocket.next((m) => m.type === 'game')
    expect(message).toMatchObject({ unlocked: [{ id: 'crew', name: 'Crew' }] })
    expect((await gameOf(t, inviter.accessToken)).points).toBe(20 + 20)
    expect((await gameOf(t, friend.accessToken)).points).toBe(20 + 20 + 20) // + Vibe set
    inviterSocket.close()

    // A second friend counts; a third is over this festival's cap of 2 per inviter.
    for (const expected of [60, 60]) {
      const next = await signUpUser(t)
      await accept(next.accessToken)
      await postVibe(t, next)
      await expect.poll(async () => (await gameOf(t, inviter.accessToken)).points).toBe(expected)
    }

    // An account older than the invite window does not count.
    const old = await signUpUser(t)
    clock.advance(25 * HOUR)
    const late = await accept(old.accessToken)
    expect(late.statusCode).toBe(409)
    expect(late.json().code).toBe('invite_not_new')
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/game/invites',
      headers: bearer(old.accessToken),
      payload: { code: 'nosuchcode' },
    })
    expect(unknown.statusCode).toBe(404)
    // A NUL byte (which PostgreSQL's text refuses) or any other odd character: a clear 400.
    for (const odd of ['abc\u0000def', 'abc def', '../..', '']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/game/invites',
        headers: bearer(old.accessToken),
        payload: { code: odd },
      })
      expect(answer.statusCode, odd).toBe(400)
      expect(answer.json().code).toBe('validation_failed')
    }
  })

  it('limits the stage codes one user may try per window', async () => {
    const limited = await createTestApp(
      {
        RATE_LIMIT: 'on',
        GAME_CONFIG_FILE: gameFile((game) => ({
          ...game,
          stageCodes: { rotateMinutes: 5, triesPerWindow: 3 },
        })),
      },
      { now: clock.now },
    )
    try {
      const user = await signUpUser(limited)
      const statuses = await statusesOf(4, () => checkIn(limited, user.accessToken, 'ZZZZZZ'))
      expect(statuses).toEqual([400, 400, 400, 429])
    } finally {
      await limited.close()
    }
  })

  it('keeps the stage-code pages to the organiser key, and lists every stage', async () => {
    const index = await t.app.inject({ url: `/game/stages?key=${STAGE_PAGES_KEY}` })
    expect(index.statusCode).toBe(200)
    for (const stage of ['Harbour Club', 'Main Stage', 'Moonlight Tent', 'The Grove']) {
      expect(index.body).toContain(stage)
    }
    expect(index.body).not.toMatch(/<script/i)
    expect(String(index.headers['content-security-policy'])).toContain("default-src 'none'")
    const screen = await t.app.inject({
      url: `/game/stages/Main%20Stage?key=${STAGE_PAGES_KEY}`,
    })
    expect(screen.body).toMatch(/<meta http-equiv="refresh" content="\d+">/)
    expect(screen.body).toContain('<svg')
    expect((await t.app.inject({ url: '/game/stages?key=wrong' })).statusCode).toBe(403)
    const unknown = await t.app.inject({ url: `/game/stages/Nowhere?key=${STAGE_PAGES_KEY}` })
    expect(unknown.statusCode).toBe(404)
  })

  it('grants at the portal the WiFi of the level reached at that moment (early bird + vibe)', async () => {
    const portalClock = createFakeClock(FRIDAY_NOON)
    const app = await createTestApp(
      { WIFI_GATEWAYS_FILE: gatewaysFile(), FESTIVAL_FIRST_DAY: '2026-08-15' },
      { now: portalClock.now },
    )
    try {
      const gateway = GATEWAYS[2] // level 3: authmon collects the grant line with its minutes
      const signInAtGate = async (code: string) => {
        const client = fakeClient()
        const page = await app.app.inject({
          url: `/wifi/portal/${gateway.id}/?${fasQuery(gateway, client)}`,
        })
        const answer = await postForm(app, `/wifi/portal/${gateway.id}/code`, {
          state: formState(page.body),
          code,
        })
        expect(answer.statusCode, answer.body).toBe(303)
        const rhid = rhidOf(hidOf(client), gateway.faskey)
        const view = await authmonPost(app, gateway, 'view')
        const lines = view.body.slice(2).split(' ').map(decodeURIComponent)
        return lines.find((line) => line.startsWith(rhid))!.split(' ')[1]
      }
      const user = await signUpUser(app)
      // The pass, taken the day before the festival: the early bird (30 points), level 1 still.
      const pass = await app.app.inject({
        url: '/api/wifi/pass',
        headers: bearer(user.accessToken),
      })
      expect(pass.json().sessionMinutes).toBe(240)
      await expect
        .poll(async () => earned(await gameOf(app, user.accessToken), 'early-bird'))
        .not.toBeNull()
      expect(await signInAtGate(pass.json().code)).toBe('240')
      // A vibe (20 more): level 2, 5 h per session from the next grant on.
      await postVibe(app, user)
      await expect.poll(async () => (await gameOf(app, user.accessToken)).level).toBe(2)
      expect(await signInAtGate(pass.json().code)).toBe('300')
      const after = await app.app.inject({
        url: '/api/wifi/pass',
        headers: bearer(user.accessToken),
      })
      expect(after.json().sessionMinutes).toBe(300)
      // Taken on the festival's first day, a pass earns no early bird.
      portalClock.advance(24 * HOUR)
      const late = await signUpUser(app)
      await app.app.inject({ url: '/api/wifi/pass', headers: bearer(late.accessToken) })
      const lateGame = await gameOf(app, late.accessToken)
      expect(earned(lateGame, 'early-bird')).toBeNull()
    } finally {
      await app.close()
    }
  })
})
