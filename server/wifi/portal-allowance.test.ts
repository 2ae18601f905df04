import { describe, expect, it } from 'vitest'
import { bearer } from '../test/auth-helpers'
import { hidOf } from '../test/opennds-query'
import { useTestApp } from '../test/test-app'
import {
  authmonPost,
  GATEWAYS,
  gatewaysFile,
  openPortal,
  postForm,
  signInNewPhone,
} from '../test/wifi-helpers'
import { rhidOf } from './wifi-secrets'

const [level1, , level3] = GATEWAYS

// docs/wifi.md: WIFI_*_RATE_KBPS and WIFI_*_QUOTA_KB go with every grant; openNDS takes them at
// level 3, where authmon collects the grant as `rhid minutes up-rate down-rate up-quota down-quota custom`.
describe('a grant with rates and quotas configured', () => {
  const t = useTestApp({
    WIFI_GATEWAYS_FILE: gatewaysFile(),
    PUBLIC_URL: 'http://vibes.festival.test',
    WIFI_SESSION_MINUTES: '120',
    WIFI_UPLOAD_RATE_KBPS: '512',
    WIFI_DOWNLOAD_RATE_KBPS: '2048',
    WIFI_UPLOAD_QUOTA_KB: '100000',
    WIFI_DOWNLOAD_QUOTA_KB: '500000',
  })

  /** The grant lines authmon's `view` collects for `gateway`, decoded. */
  async function queuedLines() {
    const view = await authmonPost(t, level3, 'view')
    expect(view.body.startsWith('*')).toBe(true)
    return view.body.slice(2).split(' ').map(decodeURIComponent)
  }

  it("level 3: authmon's line carries the session length, both rates and both quotas", async () => {
    const { client, device } = await signInNewPhone(t, level3)
    const rhid = rhidOf(hidOf(client), level3.faskey)
    expect(await queuedLines()).toContain(`${rhid} 120 512 2048 100000 500000 ${device.id}`)
  })

  it('level 3: a pass-code grant carries them too', async () => {
    const { user } = await signInNewPhone(t, level1)
    const pass = await t.app.inject({ url: '/api/wifi/pass', headers: bearer(user.accessToken) })
    const { client, state } = await openPortal(t, level3)
    const answer = await postForm(t, '/wifi/portal/gate-3/code', { state, code: pass.json().code })
    expect(answer.statusCode).toBe(303)
    const rhid = rhidOf(hidOf(client), level3.faskey)
    expect(await queuedLines()).toContainEqual(
      expect.stringMatching(new RegExp(`^${rhid} 120 512 2048 100000 500000 [0-9a-f-]{36}$`)),
    )
  })

  it('level 1: the gateway is sent only what its auth dir takes (rhid, where to go, custom)', async () => {
    const { answer, device } = await signInNewPhone(t, level1)
    const location = new URL(String(answer.headers.location))
    expect([...location.searchParams.keys()]).toEqual(['tok', 'redir', 'custom'])
    expect(location.searchParams.get('custom')).toBe(device.id)
  })
})
