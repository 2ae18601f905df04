// A phone's captive browser, for real: Debian's Chromium with JavaScript off, run INSIDE a phone's
// namespace (ip netns exec vcl-phone1 node browser-sign-in.mjs). It opens a web page, lands on the
// portal, signs in with LAB_EMAIL / LAB_PASSWORD and waits for "You're online", then opens the
// page again. Prints one JSON line of what it saw; exits 1 if a step failed (the line says which).
// LAB_CA_SPKI (level 3): the base64 SHA-256 of the lab certificate's key, the only one it trusts
// beyond the system's.
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, chromiumPath } from '../../../scripts/chromium.mjs'

const { LAB_EMAIL, LAB_PASSWORD, LAB_CA_SPKI, LAB_SCREENSHOT } = process.env
const INTERNET_PAGE = 'http://198.51.100.2/hello'
const seen = { step: 'launch' }

const args = [...CHROMIUM_FLAGS]
if (LAB_CA_SPKI) args.push(`--ignore-certificate-errors-spki-list=${LAB_CA_SPKI}`)
const browser = await chromium.launch({ executablePath: chromiumPath(), args })
let failed = false
try {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()

  seen.step = 'open a web page'
  await page.goto(INTERNET_PAGE)
  seen.portalUrl = page.url()
  seen.portalHeading = await page.locator('h1').textContent()
  if (LAB_SCREENSHOT) await page.screenshot({ path: LAB_SCREENSHOT, fullPage: true })

  seen.step = 'sign in'
  await page.locator('#signin-email').fill(LAB_EMAIL ?? '')
  await page.locator('#signin-password').fill(LAB_PASSWORD ?? '')
  await page.getByRole('button', { name: 'Sign in and go online' }).click()
  // Level 3 passes "Connecting…", which refreshes itself (a meta refresh, no script).
  await page.getByRole('heading', { name: "You're online" }).waitFor({ timeout: 40_000 })
  seen.onlineUrl = page.url()

  seen.step = 'open the web page again'
  await page.goto(INTERNET_PAGE)
  seen.internet = (await page.locator('body').textContent())?.trim()
  seen.step = 'done'
} catch (error) {
  failed = true
  seen.error = String(error?.message ?? error).split('\n')[0]
} finally {
  await browser.close()
}
console.info(JSON.stringify(seen))
process.exit(failed ? 1 : 0)
