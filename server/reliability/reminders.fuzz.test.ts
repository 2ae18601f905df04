import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { anyText, anyValue, bodyShaped, expectHandled, fuzzRuns, jsonRequest } from '../test/fuzz'
import { useTestApp } from '../test/test-app'
import { newPushSubscription } from './authorization-matrix.rows'

/** Inputs tried per property; docs/reliability.md quotes these. */
const RUNS = 150

// Random input against the reminders' routes: every answer is handled (never a 5xx, always the
// envelope), and nothing but a real push service's address with real keys is ever stored.
describe('push subscriptions under random input', () => {
  const t = useTestApp()
  let fan: SignedUpUser
  beforeAll(async () => {
    fan = await signUpUser(t)
  })

  const stored = () => t.database.db.selectFrom('push_subscriptions').selectAll().execute()

  it('random bodies to PUT and DELETE /api/push/subscriptions store nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('PUT', 'DELETE'),
        fc.oneof(
          bodyShaped(['endpoint', 'keys', 'expirationTime']),
          fc.record({ endpoint: anyValue(), keys: bodyShaped(['p256dh', 'auth']) }),
        ),
        async (method, body) => {
          const answer = await t.app.inject(
            jsonRequest(method, '/api/push/subscriptions', body, bearer(fan.accessToken)),
          )
          expectHandled(answer)
          if (method === 'PUT') expect(answer.statusCode).not.toBe(204)
        },
      ),
      fuzzRuns(RUNS),
    )
    expect(await stored()).toEqual([])
  })

  it('real keys on random addresses: only a push service’s https address is kept', async () => {
    const hostile = fc.oneof(
      anyText().map((text) => `https://${text}`),
      fc.webUrl({ validSchemes: ['https', 'http', 'ftp'], withQueryParameters: true }),
      fc.constantFrom(
        'https://127.0.0.1/push',
        'https://[::1]/push',
        'https://169.254.169.254/latest/meta-data/',
        'https://localhost:3000/api/vibes',
        'https://fcm.googleapis.com.evil.example/fcm/send/x',
        'https://evilfcm.googleapis.com.example/x',
        'javascript:alert(1)',
        `https://fcm.googleapis.com/${'a'.repeat(2000)}`,
      ),
    )
    await fc.assert(
      fc.asyncProperty(hostile, async (endpoint) => {
        const answer = await t.app.inject({
          method: 'PUT',
          url: '/api/push/subscriptions',
          headers: bearer(fan.accessToken),
          payload: { ...newPushSubscription('fuzz'), endpoint },
        })
        expectHandled(answer)
      }),
      fuzzRuns(RUNS),
    )
    const hosts = (await stored()).map((row) => new URL(row.endpoint).hostname)
    expect(
      hosts.filter(
        (host) =>
          !/(^|\.)(fcm\.googleapis\.com|push\.services\.mozilla\.com|push\.apple\.com|notify\.windows\.com)$/.test(
            host,
          ),
      ),
    ).toEqual([])
  })
})
