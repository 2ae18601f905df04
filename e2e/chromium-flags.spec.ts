import { readFileSync } from 'node:fs'
import { PLAYWRIGHT_DISABLED_FEATURES } from '../scripts/chromium.mjs'
import { expect, test } from './support/fixtures'

// Chromium reads only the last --disable-features it is given: ours (scripts/chromium.mjs) must
// carry Playwright's own list as well as the features we switch off.
test.describe('the browser the suite launches', () => {
  test('switches off what Playwright does and the address bar popups Chromium preloads', async ({
    browser,
    page,
  }) => {
    const cdp = await browser.newBrowserCDPSession()
    // The browser process's own command line, as Chromium got it.
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo')
    const browserProcess = processInfo.find((info) => info.type === 'browser')
    expect(browserProcess, 'the browser process').toBeDefined()
    const args = readFileSync(`/proc/${browserProcess?.id}/cmdline`, 'utf8').split('\0')
    const lists = args
      .filter((arg) => arg.startsWith('--disable-features='))
      .map((arg) => arg.slice('--disable-features='.length).split(','))
    const playwrights = lists[0] ?? []
    const read = lists.at(-1) ?? []
    const missing = playwrights.filter((feature) => !read.includes(feature))
    expect(
      missing,
      'Playwright switches off more features now: add them to PLAYWRIGHT_DISABLED_FEATURES',
    ).toEqual([])
    for (const feature of PLAYWRIGHT_DISABLED_FEATURES) expect(read).toContain(feature)

    // No page of the browser's own UI runs beside ours (each had a renderer process of its own).
    await page.goto('/')
    const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] })
    expect(
      targetInfos.map((target) => target.url).filter((url) => url.startsWith('chrome:')),
    ).toEqual([])
  })
})
