import { describe, expect, it } from 'vitest'
import { bearer } from '../test/auth-helpers'
import { createFakeClock } from '../test/fake-clock'
import { type TestApp, useTestApp } from '../test/test-app'
import { GATEWAYS, gatewaysFile, signInNewPhone } from '../test/wifi-helpers'

const [level1] = GATEWAYS
const DAY_MS = 86_400_000

/** A clock that starts at `iso` and can be set to another moment. */
function clockAt(iso: string) {
  const clock = createFakeClock(Date.parse(iso))
  return { ...clock, set: (to: string) => clock.advance(Date.parse(to) - clock.now()) }
}

async function deviceIds(t: TestApp): Promise<string[]> {
  const rows = await t.database.db.selectFrom('wifi_devices').select('id').execute()
  return rows.map((row) => row.id)
}

// docs/wifi.md, WIFI_DEVICE_RETENTION_DAYS: device records are deleted this many days after
// FESTIVAL_LAST_DAY, or after a device was last seen when that is unset. The purge runs at start
// and every hour; these call it as its timer does.
describe('device records after the festival (FESTIVAL_LAST_DAY 2026-07-12, 30 days)', () => {
  const clock = clockAt('2026-07-12T20:00:00Z')
  const t = useTestApp(
    {
      WIFI_GATEWAYS_FILE: gatewaysFile(),
      FESTIVAL_LAST_DAY: '2026-07-12',
      WIFI_DEVICE_RETENTION_DAYS: '30',
    },
    { now: clock.now },
  )

  it('are kept until the day the panel names, then deleted, whenever they were last seen', async () => {
    const onLastNight = await signInNewPhone(t, level1)
    clock.set('2026-07-13T10:00:00Z')
    const nextMorning = await signInNewPhone(t, level1)
    // The panel says when (the newer account's token: the older one's expired overnight).
    const pass = await t.app.inject({
      url: '/api/wifi/pass',
      headers: bearer(nextMorning.user.accessToken),
    })
    expect(pass.json().retention).toEqual({ purgeAfter: '2026-08-12', days: 30 })
    expect(pass.json().devices).toHaveLength(1)

    clock.set('2026-08-11T12:00:00Z')
    expect(await t.app.ctx.wifi.pass.purge()).toBe(0)
    expect(await deviceIds(t)).toEqual(
      expect.arrayContaining([onLastNight.device.id, nextMorning.device.id]),
    )

    clock.set('2026-08-12T00:00:00Z')
    expect(await t.app.ctx.wifi.pass.purge()).toBe(2)
    expect(await deviceIds(t)).toEqual([])
  })
})

describe('device records without a festival day (30 days after their last sighting)', () => {
  const clock = clockAt('2026-06-01T12:00:00Z')
  const t = useTestApp(
    { WIFI_GATEWAYS_FILE: gatewaysFile(), WIFI_DEVICE_RETENTION_DAYS: '30' },
    { now: clock.now },
  )

  it('are deleted 30 days after a device was last seen, and not before', async () => {
    const old = await signInNewPhone(t, level1)
    clock.advance(10 * DAY_MS)
    const newer = await signInNewPhone(t, level1)
    const pass = await t.app.inject({
      url: '/api/wifi/pass',
      headers: bearer(newer.user.accessToken),
    })
    expect(pass.json().retention).toEqual({ purgeAfter: null, days: 30 })

    clock.set('2026-07-01T11:59:00Z')
    expect(await t.app.ctx.wifi.pass.purge()).toBe(0)
    expect(await deviceIds(t)).toContain(old.device.id)
    clock.set('2026-07-01T12:01:00Z')
    expect(await t.app.ctx.wifi.pass.purge()).toBe(1)
    expect(await deviceIds(t)).toEqual([newer.device.id])
  })
})
