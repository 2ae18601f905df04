import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config/config'
import { gameFile } from '../test/game-helpers'
import defaultGame from './default-game.json'
import { GameFileSchema, loadGameRules, rulesOf } from './game-config'
import { gameState, levelFor, type Progress, pointsOf, streakOf } from './game-rules'

const config = loadConfig({ WIFI_SESSION_MINUTES: '240', WIFI_DEVICES_PER_ACCOUNT: '3' })
const rules = rulesOf(GameFileSchema.parse(defaultGame), {
  ...config,
  FESTIVAL_FIRST_DAY: '2026-08-14',
})

const progress = (change: Partial<Progress> = {}): Progress => ({
  hasVibe: false,
  vibeDays: [],
  passDay: null,
  stages: 0,
  stagesInLineup: 4,
  friends: 0,
  starredSets: null,
  awards: new Map(),
  ...change,
})

describe('game rules', () => {
  it('ships defaults that validate, with level 1 taking the WiFi settings', () => {
    expect(rules.levels[0]).toEqual({
      level: 1,
      points: 0,
      sessionMinutes: 240,
      devices: 3,
      dataQuotaMb: 0,
    })
    expect(rules.levels.map((level) => level.points)).toEqual([0, 40, 80, 150, 250])
  })

  it('refuses a game file whose levels do not climb or start above 0, naming the place', () => {
    const bad = GameFileSchema.safeParse({
      ...defaultGame,
      levels: [{ points: 5 }, { points: 5 }],
    })
    expect(bad.success).toBe(false)
    const paths = bad.error!.issues.map((issue) => issue.path.join('.'))
    expect(paths).toEqual(['levels.0.points', 'levels.1.points'])
    expect(GameFileSchema.safeParse({ ...defaultGame, surprise: 1 }).success).toBe(false)
  })

  it('stops the start when a quest could never be completed, naming it', () => {
    const withCrew = (target: number) =>
      gameFile((game) => ({
        ...game,
        quests: { ...game.quests, crew: { ...game.quests.crew, target, maxPerInviter: 5 } },
      }))
    const error = captureError(() => loadGameRules({ ...config, GAME_CONFIG_FILE: withCrew(6) }))
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).problems).toEqual([
      'GAME_CONFIG_FILE: quests.crew.target: must be at most maxPerInviter (5), or no player could earn the Crew badge; leave "crew" out to switch it off',
    ])
    expect(loadGameRules({ ...config, GAME_CONFIG_FILE: withCrew(5) }).quests.crew?.target).toBe(5)
  })

  it('adds badge points and the points of each stage and friend', () => {
    const state = progress({
      stages: 2,
      friends: 1,
      awards: new Map([
        ['vibe-set', 1],
        ['crew', 2],
      ]),
    })
    expect(pointsOf(rules, state)).toBe(20 + 2 * 10 + 20 + 20)
    expect(levelFor(rules, 79).level).toBe(2)
    expect(levelFor(rules, 80).level).toBe(3)
    expect(levelFor(rules, 10_000).level).toBe(5)
  })

  it('names the shortest way to the next level', () => {
    const hint = (state: Progress) =>
      gameState(rules, state, '2026-08-14', 'http://x/?invite=a').next?.hint
    // 0 of 40: one friend gives 20 and the Crew badge 20.
    expect(hint(progress())).toBe('1 more friend')
    // 20 of 40, crew capped at 0 friends: two stages.
    const noCrew = rulesOf(
      GameFileSchema.parse({
        ...defaultGame,
        quests: { ...defaultGame.quests, crew: undefined },
      }),
      config,
    )
    const vibeSet = progress({ hasVibe: true, awards: new Map([['vibe-set', 1]]) })
    expect(gameState(noCrew, vibeSet, '2026-08-14', '').next?.hint).toBe('2 more stages')
    // No more stages than the lineup has: then points.
    const allStages = progress({
      stages: 4,
      stagesInLineup: 4,
      awards: new Map([['stage-hopper', 1]]),
    })
    // 80 points, 70 short of level 4: no single quest left gets there.
    expect(gameState(noCrew, allStages, '2026-08-14', '').next?.hint).toBe('70 more points')
    // At the top there is no next level.
    const top = progress({ stages: 100, awards: new Map([['vibe-set', 1]]) })
    expect(gameState(rules, top, '2026-08-14', '').next).toBeNull()
  })

  it('shows the early bird only when the festival’s first day is known, and the planner not yet', () => {
    const ids = (r: typeof rules) =>
      gameState(r, progress(), '2026-08-14', '').badges.map((b) => b.id)
    expect(ids(rules)).toContain('early-bird')
    expect(ids(rulesOf(GameFileSchema.parse(defaultGame), config))).not.toContain('early-bird')
    expect(ids(rules)).not.toContain('planner')
  })

  it('counts a streak of festival days up to today, or yesterday when today has none yet', () => {
    expect(streakOf([], '2026-08-15')).toBe(0)
    expect(streakOf(['2026-08-13', '2026-08-14', '2026-08-15'], '2026-08-15')).toBe(3)
    expect(streakOf(['2026-08-13', '2026-08-14'], '2026-08-15')).toBe(2)
    expect(streakOf(['2026-08-12', '2026-08-14'], '2026-08-15')).toBe(1)
    expect(streakOf(['2026-08-12'], '2026-08-15')).toBe(0)
    // Across a month's end.
    expect(streakOf(['2026-08-31', '2026-09-01'], '2026-09-01')).toBe(2)
  })
})

function captureError(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected it to throw')
}
