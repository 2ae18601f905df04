import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OrganiserStatsSchema } from '../../shared/organiser/organiser-stats.schema'
import { ReportInputSchema } from '../../shared/safety/report-input.schema'
import { AuditPageSchema, ModerationQueueSchema } from '../../shared/safety/safety-responses.schema'
import { bearer, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import {
  anyQueryString,
  anyText,
  bodyShaped,
  expectHandled,
  expectValidAnswer,
  fuzzRuns,
  jsonRequest,
} from '../test/fuzz'
import { setRole, vibeOf } from '../test/safety-helpers'
import { createTestApp, type TestApp } from '../test/test-app'
import { postVibe } from '../test/vibe-helpers'

/** Inputs tried per property; docs/reliability.md quotes these. */
const RUNS = 150

const anyPathPart = () =>
  fc.oneof(
    anyText().map((text) => encodeURIComponent(text.slice(0, 120))),
    fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
    fc.constantFrom('%00', '..%2F..', '%zz', 'a'.repeat(65)),
  )

// Random input against reports and the moderators' routes: every answer is handled (never a
// 5xx, always the envelope), what is stored is valid, and a made-up id moderates nobody.
describe('reports and moderation under random input', () => {
  let t: TestApp
  let fan: SignedUpUser
  let moderator: SignedUpUser
  let organiser: SignedUpUser
  let author: SignedUpUser
  let vibeId: string
  const state = async () => ({
    vibes: await t.database.db.selectFrom('vibes').selectAll().orderBy('id').execute(),
    suspensions: await t.database.db.selectFrom('user_suspensions').selectAll().execute(),
    audit: await t.database.db.selectFrom('audit_log').select('id').execute(),
  })

  beforeAll(async () => {
    // Never hidden by the fuzz's own reports: the reports are what is checked here.
    t = await createTestApp({ MODERATION_REPORTS_TO_HIDE: '1000' })
    fan = await signUpUser(t)
    moderator = await signUpUser(t)
    organiser = await signUpUser(t)
    author = await signUpUser(t)
    await setRole(t, moderator, 'moderator')
    await setRole(t, organiser, 'organiser')
    vibeId = (await postVibe(t, author, vibeOf('Target'))).id
  })
  afterAll(() => t.close())

  it('POST /api/vibes/:id/reports with random ids and bodies files only valid reports', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant(vibeId), anyPathPart()),
        fc.oneof(
          bodyShaped(['reason', 'note']),
          fc.record({
            reason: fc.constantFrom('spam', 'hate', 'other'),
            note: fc.option(anyText(), { nil: undefined }),
          }),
        ),
        async (id, body) => {
          const answer = await t.app.inject(
            jsonRequest('POST', `/api/vibes/${id}/reports`, body, bearer(fan.accessToken)),
          )
          expectHandled(answer)
          if (answer.statusCode < 300) expect(id).toBe(vibeId)
        },
      ),
      fuzzRuns(RUNS),
    )
    const reports = await t.database.db.selectFrom('vibe_reports').selectAll().execute()
    expect(reports.length).toBeLessThanOrEqual(1)
    for (const report of reports) {
      expect(report).toMatchObject({ vibe_id: vibeId, reporter_id: fan.userId })
      const input = {
        reason: report.reason,
        ...(report.note === null ? {} : { note: report.note }),
      }
      expect(ReportInputSchema.parse(input)).toEqual(input)
    }
  })

  it('the moderators’ writes with random ids and bodies moderate nobody by a made-up id', async () => {
    const routes = [
      ['vibes', 'remove', ['reason']],
      ['vibes', 'restore', ['reason']],
      ['users', 'suspend', ['hours', 'reason']],
      ['users', 'unsuspend', ['reason']],
    ] as const
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        anyPathPart(),
        fc.oneof(bodyShaped(['reason']), bodyShaped(['hours', 'reason'])),
        fc.constantFrom(moderator, organiser),
        async ([area, action, _fields], id, body, caller) => {
          const before = await state()
          const answer = await t.app.inject(
            jsonRequest(
              'POST',
              `/api/moderation/${area}/${id}/${action}`,
              body,
              bearer(caller.accessToken),
            ),
          )
          expectHandled(answer)
          // Made-up ids: nothing to act on, nothing logged.
          expect(answer.statusCode).toBeGreaterThanOrEqual(400)
          expect(await state()).toEqual(before)
        },
      ),
      fuzzRuns(RUNS),
    )
  })

  it('real ids with random bodies store only valid suspensions and removals', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('remove', 'suspend'),
        fc.oneof(
          bodyShaped(['hours', 'reason']),
          fc.record({ hours: fc.integer({ min: -5, max: 800 }), reason: anyText() }),
        ),
        async (action, body) => {
          const url =
            action === 'remove'
              ? `/api/moderation/vibes/${vibeId}/remove`
              : `/api/moderation/users/${author.userId}/suspend`
          const answer = await t.app.inject(
            jsonRequest('POST', url, body, bearer(moderator.accessToken)),
          )
          expectHandled(answer)
        },
      ),
      fuzzRuns(RUNS),
    )
    for (const row of await t.database.db.selectFrom('user_suspensions').selectAll().execute()) {
      const hours = (Number(row.until) - Number(row.created_at)) / 3_600_000
      expect(Number.isInteger(hours) && hours >= 1 && hours <= 720).toBe(true)
      expect(row.reason.trim()).toBe(row.reason)
      expect(row.reason.length).toBeGreaterThan(0)
    }
  })

  it('GET the queue and the audit log with random query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        anyQueryString(['cursor', 'limit']),
        fc.constantFrom(fan, moderator, organiser),
        async (search, caller) => {
          const queue = await t.app.inject({
            url: `/api/moderation/queue${search}`,
            headers: bearer(caller.accessToken),
          })
          expectValidAnswer(queue, { 200: ModerationQueueSchema })
          if (caller === fan) expect(queue.statusCode).toBe(403)
          const audit = await t.app.inject({
            url: `/api/moderation/audit${search}`,
            headers: bearer(caller.accessToken),
          })
          expectValidAnswer(audit, { 200: AuditPageSchema })
          if (caller !== organiser) expect(audit.statusCode).toBe(403)
          // Never an address, never who reported.
          for (const answer of [queue, audit]) {
            expect(answer.body).not.toMatch(/@/)
            expect(answer.body).not.toContain(fan.userId)
          }
        },
      ),
      fuzzRuns(RUNS),
    )
  })

  it('GET the organiser’s stats with random query strings and Authorization headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('stats', 'stats.csv'),
        anyQueryString(['from', 'hours']),
        fc.oneof(
          fc
            .constantFrom(fan, moderator, organiser)
            .map((caller) => `Bearer ${caller.accessToken}`),
          anyText().map((text) => `Bearer ${text.slice(0, 300)}`),
          anyText().map((text) => text.slice(0, 300)),
        ),
        async (file, search, authorization) => {
          const answer = await t.app.inject({
            url: `/api/organiser/${file}${search}`,
            headers: { authorization },
          })
          // Only the organiser's own token reads it; a CSV is figures, one `name,value` a line.
          if (answer.statusCode === 200) {
            expect(authorization).toBe(`Bearer ${organiser.accessToken}`)
          }
          if (answer.statusCode === 200 && file === 'stats.csv') {
            for (const line of answer.body.trimEnd().split('\r\n')) {
              expect(line).toMatch(/^$|^[a-z_]+,[a-z_]+$|^[a-z_]+,[\d.:TZ-]+$|^[\d.:TZ-]+,\d+$/)
            }
          } else {
            expectValidAnswer(answer, { 200: OrganiserStatsSchema })
          }
          expect(answer.body).not.toMatch(/@/)
          expect(answer.body).not.toContain(fan.userId)
        },
      ),
      fuzzRuns(RUNS),
    )
  })
})
