import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import {
  anyHeaderValue,
  anyQueryString,
  anyText,
  bodyShaped,
  expectHandled,
  fuzzRuns,
  jsonRequest,
} from '../test/fuzz'
import { createTestApp, type TestApp } from '../test/test-app'

/** Inputs tried per property; docs/reliability.md quotes these. */
const RUNS = 150
const METRICS_TOKEN = 'the-operators-metrics-token-under-fuzz'

// Random input against blocks, my account and the pages beside them: every answer is handled
// (never a 5xx, always the envelope for errors), random blocks store nothing, no random body
// deletes an account, and no random header opens the metrics.
describe('blocks, my account, terms and metrics under random input', () => {
  const clock = createFakeClock()
  let t: TestApp
  let fan: SignedUpUser
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN }, { now: clock.now })
    fan = await signUpUser(t)
    // An old sign-in: only the right password (or a mailed code) could delete the account now.
    clock.advance(3_600_000)
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: fan.refreshToken },
    })
    fan = { ...fan, accessToken: refreshed.json().access_token }
  })
  afterAll(() => t.close())

  const blocks = () => t.database.db.selectFrom('user_blocks').selectAll().execute()

  it('random bodies to POST /api/blocks and random ids to DELETE block nobody', async () => {
    const anyId = fc.oneof(
      anyText().map((text) => encodeURIComponent(text.slice(0, 120))),
      fc.uuid(),
      fc.constantFrom('', '%00', '..', fan.userId, `${fan.userId}x`),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          bodyShaped(['userId']),
          fc.record({ userId: fc.uuid() }),
          fc.constant({ userId: fan.userId }),
        ),
        anyId,
        async (body, id) => {
          const created = await t.app.inject(
            jsonRequest('POST', '/api/blocks', body, bearer(fan.accessToken)),
          )
          expectHandled(created)
          expect(created.statusCode).not.toBe(204)
          const removed = await t.app.inject({
            method: 'DELETE',
            url: `/api/blocks/${id}`,
            headers: bearer(fan.accessToken),
          })
          expectHandled(removed)
        },
      ),
      fuzzRuns(RUNS),
    )
    expect(await blocks()).toEqual([])
  })

  it('random bodies to DELETE /api/account delete nothing', async () => {
    await fc.assert(
      fc.asyncProperty(bodyShaped(['password', 'nonce']), async (body) => {
        const answer = await t.app.inject(
          jsonRequest('DELETE', '/api/account', body, bearer(fan.accessToken)),
        )
        expectHandled(answer)
        expect(answer.statusCode).not.toBe(204)
      }),
      fuzzRuns(RUNS),
    )
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', fan.userId)
      .execute()
    expect(user).toHaveLength(1)
  })

  it('random queries and headers to the export, the pages and the metrics are handled', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/account/export', '/terms', '/privacy', '/metrics'),
        anyQueryString(['format', 'download']),
        fc.oneof(
          anyHeaderValue(),
          anyHeaderValue().map((value) => `Bearer ${value}`),
          fc.constant(`Bearer ${fan.accessToken}`),
        ),
        async (path, query, authorization) => {
          const answer = await t.app.inject({ url: `${path}${query}`, headers: { authorization } })
          expectHandled(answer)
          if (path === '/metrics') expect(answer.statusCode).toBe(401)
          if (path === '/terms' || path === '/privacy') expect(answer.statusCode).toBe(200)
        },
      ),
      fuzzRuns(RUNS),
    )
  })
})
