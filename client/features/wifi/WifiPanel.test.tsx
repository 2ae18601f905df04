import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { qrPath } from '../../../shared/qr/qr-path'
import type { WifiPass } from '../../../shared/wifi/wifi.schema'
import { fakeServer, renderWithApp } from '../../test/render'
import { WifiPanel } from './WifiPanel'

const pass: WifiPass = {
  code: 'ABCD-EFGH',
  portalUrl: 'http://vibes.test/wifi/pass?code=ABCD-EFGH',
  sessionMinutes: 240,
  devicesPerAccount: 3,
  devices: [],
  retention: { purgeAfter: '2026-08-12', days: 30 },
}

describe('the WiFi panel', () => {
  it("draws a QR code of the pass page's link, with the code in it, and says what scanning does", async () => {
    fakeServer(() => ({ status: 200, body: pass }))
    renderWithApp(<WifiPanel />)
    const panel = await screen.findByRole('region', { name: 'Your WiFi pass' })
    fireEvent.click(await within(panel).findByRole('button', { name: 'Show QR code' }))
    const qr = await within(panel).findByRole('img', {
      name: 'QR code of a page that shows pass code ABCD-EFGH',
    })
    const expected = qrPath('http://vibes.test/wifi/pass?code=ABCD-EFGH')
    expect(qr.getAttribute('viewBox')).toBe(`0 0 ${expected.size} ${expected.size}`)
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(expected.path)
    // A code of its own: another code would draw another pattern.
    expect(qrPath('http://vibes.test/wifi/pass?code=ABCD-EFGJ').path).not.toBe(expected.path)
    expect(
      within(panel).getByText(
        'Scan it with the phone that needs the WiFi: it shows this code and what to do with it.',
      ),
    ).toBeTruthy()
  })

  it('offers no QR code when no gateway is set up', async () => {
    fakeServer(() => ({ status: 200, body: { ...pass, portalUrl: null } }))
    renderWithApp(<WifiPanel />)
    const panel = await screen.findByRole('region', { name: 'Your WiFi pass' })
    expect(await within(panel).findByText('ABCD-EFGH')).toBeTruthy()
    expect(within(panel).queryByRole('button', { name: 'Show QR code' })).toBeNull()
    // Nor promises one.
    expect(within(panel).getByText('New code and my devices')).toBeTruthy()
    expect(within(panel).queryByText(/QR code, new code/)).toBeNull()
  })
})
