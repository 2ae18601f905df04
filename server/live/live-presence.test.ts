import { describe, expect, it } from 'vitest'
import { createFakeClock } from '../test/fake-clock'
import { useTestApp } from '../test/test-app'
import { LivePresence } from './live-presence'

const HEARTBEAT_MS = 10_000

// Each instance's live viewers, as the organisers' "online now" adds them up: several instances
// stood in for by several LivePresence objects on one database, with a clock the test moves.
describe('live presence across instances', () => {
  const t = useTestApp()
  const clock = createFakeClock(Date.parse('2026-07-10T20:00:00.000Z'))
  const instance = (viewers: number) => {
    const counted = { viewers }
    const presence = new LivePresence({
      database: t.database,
      now: clock.now,
      viewers: () => counted.viewers,
      intervalMs: HEARTBEAT_MS,
    })
    return { presence, counted }
  }

  it("adds the other instances' last reports to this one's count now, until they go stale", async () => {
    const a = instance(120)
    const b = instance(80)
    const c = instance(5)
    // Before any report, each instance knows only its own.
    expect(await a.presence.total()).toEqual({ viewers: 120, instances: 1 })

    await b.presence.report()
    await c.presence.report()
    expect(await a.presence.total()).toEqual({ viewers: 205, instances: 3 })
    // The answering instance counts itself as it is now, not as it last reported.
    a.counted.viewers = 121
    await a.presence.report()
    a.counted.viewers = 130
    expect(await a.presence.total()).toEqual({ viewers: 215, instances: 3 })

    // B keeps reporting; C stopped without a word (a crash): it counts for three heartbeats.
    clock.advance(3 * HEARTBEAT_MS)
    b.counted.viewers = 90
    await b.presence.report()
    expect(await a.presence.total()).toEqual({ viewers: 225, instances: 3 })
    clock.advance(1)
    expect(await a.presence.total()).toEqual({ viewers: 220, instances: 2 })

    // B stops cleanly: it is not counted from then on.
    await b.presence.withdraw()
    expect(await a.presence.total()).toEqual({ viewers: 130, instances: 1 })
  })

  it("deletes an instance's row an hour after its last report", async () => {
    const gone = instance(3)
    await gone.presence.report()
    clock.advance(3_600_001)
    await instance(1).presence.report()
    const rows = await t.database.db
      .selectFrom('live_presence')
      .select('instance_id')
      .where('instance_id', '=', gone.presence.instanceId)
      .execute()
    expect(rows).toEqual([])
  })
})
