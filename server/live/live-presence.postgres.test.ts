import { afterAll, describe, expect, it } from 'vitest'
import { bearer, signUpUser } from '../test/auth-helpers'
import { LiveTestClient } from '../test/live-test-client'
import { setRole } from '../test/safety-helpers'
import { useSecondInstance, useTestApp } from '../test/test-app'

// Two instances on one PostgreSQL, as behind a load balancer: the organiser asks one of them how
// many people are on the live feed, and the answer counts the other's sockets too, reported at
// its live heartbeat (1 s here).
describe('online now across instances (PostgreSQL)', () => {
  const a = useTestApp({ LIVE_HEARTBEAT_S: '1' })
  const b = useSecondInstance(a)
  const sockets: LiveTestClient[] = []
  afterAll(() => {
    for (const socket of sockets) socket.close()
  })

  it("counts the people on every instance's live channel", async () => {
    const organiser = await signUpUser(a)
    await setRole(a, organiser, 'organiser')
    const fans = [await signUpUser(a), await signUpUser(a)]
    const onA = await a.listen()
    for (const fan of fans) sockets.push(await LiveTestClient.signedIn(onA, fan.accessToken))
    sockets.push(await LiveTestClient.signedIn(b.url, organiser.accessToken))

    const onlineOnB = async () => {
      const answer = await b.app.inject({
        url: '/api/organiser/stats',
        headers: bearer(organiser.accessToken),
      })
      expect(answer.statusCode, answer.body).toBe(200)
      return answer.json().online
    }
    await expect
      .poll(onlineOnB, { timeout: 5000 })
      .toMatchObject({ liveNow: 3, liveInstances: 2, liveOnThisInstance: 1 })

    // Two people leave A: B's answer follows at A's next heartbeat.
    for (const socket of sockets.splice(0, 2)) socket.close()
    await expect
      .poll(onlineOnB, { timeout: 5000 })
      .toMatchObject({ liveNow: 1, liveInstances: 2, liveOnThisInstance: 1 })
  })
})
