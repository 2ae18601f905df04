import { beforeAll, describe, expect, it } from 'vitest'
import { writeTransaction } from '../db/database'
import { signUpUser } from '../test/auth-helpers'
import {
  awardedBadges,
  checkIn,
  earned,
  gameOf,
  STAGE_PAGES_KEY,
  stageCode,
} from '../test/game-helpers'
import { LiveTestClient } from '../test/live-test-client'
import { useTestApp } from '../test/test-app'
import { insertCheckIn, insertVibeDay } from './game.repository'

const RACERS = 20

describe('the game under racing requests', () => {
  const t = useTestApp({ GAME_STAGE_PAGES_KEY: STAGE_PAGES_KEY })
  let baseUrl: string
  beforeAll(async () => {
    baseUrl = await t.listen()
  })

  it('awards a met quest once, and announces it once, when 20 requests race to award it', async () => {
    const user = await signUpUser(t)
    const socket = await LiveTestClient.signedIn(baseUrl, user.accessToken)
    // Three stages and three festival days, written straight to the tables: Stage hopper and
    // Daily vibe are met, and nothing has checked the quests since, so nothing awarded them.
    await writeTransaction(t.database, async (trx) => {
      for (const stage of ['Main Stage', 'The Grove', 'Moonlight Tent']) {
        await insertCheckIn(trx, {
          user_id: user.userId,
          stage,
          day: '2026-08-14',
          checked_in_at: Date.now(),
        })
      }
      for (const day of ['2026-08-14', '2026-08-15', '2026-08-16']) {
        await insertVibeDay(trx, user.userId, day)
      }
    })

    // Each read checks the quests, finds both due and tries to award them.
    const games = await Promise.all(
      Array.from({ length: RACERS }, () => gameOf(t, user.accessToken)),
    )
    for (const game of games) {
      expect(earned(game, 'stage-hopper')).not.toBeNull()
      expect(earned(game, 'daily-vibe')).not.toBeNull()
    }
    expect(await awardedBadges(t, user.userId)).toEqual(['daily-vibe', 'stage-hopper'])

    // A check-in afterwards tells the socket too (points moved, nothing unlocked): once it has
    // arrived, every message the racing reads sent has arrived before it.
    const fourth = await checkIn(t, user.accessToken, await stageCode(t, 'Harbour Club'))
    expect(fourth.statusCode, fourth.body).toBe(200)
    await socket.next((m) => m.type === 'game' && m.unlocked.length === 0)
    const unlocks = socket.messages.filter((m) => m.type === 'game' && m.unlocked.length > 0)
    expect(unlocks).toEqual([
      {
        type: 'game',
        // 40 + 3 × 10 for the stages and 40 for the days: 110 points.
        level: 3,
        unlocked: [
          { id: 'daily-vibe', name: 'Daily vibe' },
          { id: 'stage-hopper', name: 'Stage hopper' },
        ],
      },
    ])
    socket.close()
  })
})
