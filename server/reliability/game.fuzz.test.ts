import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import {
  anyQueryString,
  anyText,
  bodyShaped,
  expectHandled,
  fuzzRuns,
  jsonRequest,
} from '../test/fuzz'
import { STAGE_PAGES_KEY, stageCode } from '../test/game-helpers'
import { useTestApp } from '../test/test-app'

/** Inputs tried per property; docs/reliability.md quotes these. */
const RUNS = 150

// Random input against the game's routes: every answer is handled (never a 5xx, always the
// envelope), random codes check nobody in and join nobody's crew, and the organiser's pages give
// nothing away without their key.
describe('the game under random input', () => {
  const t = useTestApp({ GAME_STAGE_PAGES_KEY: STAGE_PAGES_KEY })
  let player: SignedUpUser
  let inviteCode: string
  beforeAll(async () => {
    player = await signUpUser(t)
    const game = await t.app.inject({ url: '/api/game', headers: bearer(player.accessToken) })
    inviteCode = new URL(game.json().inviteUrl).searchParams.get('invite')!
  })

  it('POST /api/game/check-ins with random bodies checks nobody in', async () => {
    await fc.assert(
      fc.asyncProperty(bodyShaped(['code']), async (body) => {
        const answer = await t.app.inject(
          jsonRequest('POST', '/api/game/check-ins', body, bearer(player.accessToken)),
        )
        expectHandled(answer)
        expect(answer.statusCode).not.toBe(200)
      }),
      fuzzRuns(RUNS),
    )
    const rows = await t.database.db.selectFrom('game_check_ins').selectAll().execute()
    expect(rows).toEqual([])
  })

  it('POST /api/game/invites with random bodies joins nobody’s crew', async () => {
    const friend = await signUpUser(t)
    await fc.assert(
      fc.asyncProperty(bodyShaped(['code']), async (body) => {
        const answer = await t.app.inject(
          jsonRequest('POST', '/api/game/invites', body, bearer(friend.accessToken)),
        )
        expectHandled(answer)
        expect(answer.statusCode).not.toBe(200)
      }),
      fuzzRuns(RUNS),
    )
    expect(await t.database.db.selectFrom('game_invites').selectAll().execute()).toEqual([])
    // The real code still works after all that.
    const real = await t.app.inject(
      jsonRequest('POST', '/api/game/invites', { code: inviteCode }, bearer(friend.accessToken)),
    )
    expect(real.json()).toEqual({ accepted: true })
  })

  it('GET /game/stages with random keys and stages shows no code without the key', async () => {
    const realCode = await stageCode(t, 'Main Stage')
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constant('Main Stage'),
          anyText().map((text) => text.slice(0, 100)),
        ),
        anyQueryString(['key']),
        async (stage, query) => {
          const answer = await t.app.inject({
            url: `/game/stages/${encodeURIComponent(stage)}${query}`,
          })
          expect(answer.statusCode, answer.body.slice(0, 200)).toBeLessThan(500)
          if (!query.includes(STAGE_PAGES_KEY)) expect(answer.body).not.toContain(realCode)
        },
      ),
      fuzzRuns(RUNS),
    )
  })
})
