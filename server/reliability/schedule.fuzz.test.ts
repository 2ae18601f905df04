import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { anyText, bodyShaped, expectHandled, fuzzRuns, jsonRequest } from '../test/fuzz'
import { useTestApp } from '../test/test-app'

/** Inputs tried per property; docs/reliability.md quotes these. */
const RUNS = 150

const anyPathPart = () =>
  fc.oneof(
    anyText().map((text) => encodeURIComponent(text.slice(0, 120))),
    fc.stringMatching(/^[A-Za-z0-9._:-]{1,100}$/),
  )

// Random input against my schedule's routes: every answer is handled (never a 5xx, always the
// envelope), random keys star nothing, random share codes follow nobody, random calendar
// addresses show nobody's schedule.
describe('my schedule under random input', () => {
  const t = useTestApp()
  let fan: SignedUpUser
  beforeAll(async () => {
    fan = await signUpUser(t)
  })

  it('PUT and DELETE /api/schedule/stars/:key with random keys star nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('PUT', 'DELETE'), anyPathPart(), async (method, key) => {
        const answer = await t.app.inject({
          method: method as 'PUT' | 'DELETE',
          url: `/api/schedule/stars/${key}`,
          headers: bearer(fan.accessToken),
        })
        expectHandled(answer)
        if (method === 'PUT') expect(answer.statusCode).not.toBe(204)
      }),
      fuzzRuns(RUNS),
    )
    expect(await t.database.db.selectFrom('schedule_stars').selectAll().execute()).toEqual([])
  })

  it('random bodies to the schedule’s writes are refused or change nothing of anyone else', async () => {
    const routes = [
      ['POST', '/api/schedule/changes/seen', ['keys']],
      ['PUT', '/api/schedule/reminders', ['minutesBefore', 'changes']],
      ['POST', '/api/schedule/follows', ['code']],
    ] as const
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          bodyShaped(['keys']),
          bodyShaped(['minutesBefore', 'changes']),
          bodyShaped(['code']),
        ),
        async ([method, url], body) => {
          const answer = await t.app.inject(jsonRequest(method, url, body, bearer(fan.accessToken)))
          expectHandled(answer)
          if (url === '/api/schedule/follows') expect(answer.statusCode).not.toBe(204)
        },
      ),
      fuzzRuns(RUNS),
    )
    expect(await t.database.db.selectFrom('schedule_follows').selectAll().execute()).toEqual([])
  })

  it('random share codes and calendar addresses show nobody’s schedule', async () => {
    await fc.assert(
      fc.asyncProperty(anyPathPart(), async (part) => {
        const shared = await t.app.inject({
          url: `/api/schedule/shared/${part}`,
          headers: bearer(fan.accessToken),
        })
        expectHandled(shared)
        expect(shared.statusCode).not.toBe(200)
        const calendar = await t.app.inject({ url: `/calendar/${part}.ics` })
        expectHandled(calendar)
        expect(calendar.statusCode).not.toBe(200)
      }),
      fuzzRuns(RUNS),
    )
  })
})
