import type { APIRequestContext, Browser, Locator, Page, Route } from '@playwright/test'
import { type ApiSession, createVibeViaApi, openSignedIn, signUpViaApi } from './accounts'

/** A username no parallel story will also use, within the 20-character limit. */
export const uniqueUsername = (prefix = 'Fan') =>
  `${prefix.slice(0, 12)}-${Math.random().toString(36).slice(2, 9)}`

/**
 * A screenshot's chosen username, as it is on the first try: a retry runs on the same server,
 * where the first try took it, so a retry's name ends in its try's number.
 */
export const screenshotUsername = (username: string, testInfo: { retry: number }) =>
  testInfo.retry ? `${username}${testInfo.retry + 1}` : username

export interface VibeFields {
  username: string
  emoji: string
  status: string
}

/** Signs up a fan and gives them a vibe, all through the API. */
export async function fanWithVibe(
  request: APIRequestContext,
  baseURL: string,
  vibe: Partial<VibeFields> = {},
): Promise<{ account: ApiSession; vibe: VibeFields; id: string }> {
  const account = await signUpViaApi(request, baseURL)
  const fields = { username: uniqueUsername(), emoji: '🎸', status: 'Here for the music', ...vibe }
  const created = await createVibeViaApi(request, baseURL, account, fields)
  return { account, vibe: fields, id: created.vibe.id }
}

/** Signs up a fan with a vibe and opens the main app as them. */
export async function openMainApp(
  page: Page,
  request: APIRequestContext,
  baseURL: string,
  vibe: Partial<VibeFields> = {},
) {
  const fan = await fanWithVibe(request, baseURL, vibe)
  await openSignedIn(page, fan.account)
  return fan
}

/** The feed entry showing `username`. */
export const feedEntry = (page: Page, username: string): Locator =>
  page
    .getByRole('list', { name: "Who's Vibin'?" })
    .getByRole('listitem')
    .filter({ hasText: username })

/** Waits until the live channel is authenticated, so later changes arrive as events. */
export const waitUntilLive = (page: Page) =>
  page.getByText('Live', { exact: true }).waitFor({ timeout: 10_000 })

/** Matches a feed page request (`GET /api/vibes?...`), not `mine` or a single vibe. */
export const isFeedRequest = (url: URL) => url.pathname === '/api/vibes'

/** An API error answer in the server's envelope. */
export const fulfillWithError = (route: Route, status: number, code: string, message: string) =>
  route.fulfill({
    status,
    contentType: 'application/json',
    body: JSON.stringify({ code, message }),
  })

/**
 * Hides toasts so a screenshot shows the screen itself, until `showToasts`. A constructed style
 * sheet, not a <style> element: the page's Content-Security-Policy allows no inline styles.
 */
export const hideToasts = (page: Page) =>
  page.evaluate(() => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync('[data-toaster] { display: none !important; }')
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
  })

/** Shows the toasts `hideToasts` hid. */
export const showToasts = (page: Page) =>
  page.evaluate(() => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter(
      (sheet) => !sheet.cssRules[0]?.cssText.startsWith('[data-toaster]'),
    )
  })

/**
 * Counts the toasts a page shows from now on by their text, however briefly each stayed: a toast
 * lasts 4 s, and on a loaded machine a story may look after it has gone. Until the page navigates.
 */
export async function recordToasts(page: Page): Promise<(text: string) => Promise<number>> {
  await page.evaluate(() => {
    const seen = new Map<Element, string>()
    const record = () => {
      for (const toast of document.querySelectorAll('[data-toast]')) {
        seen.set(toast, `${seen.get(toast) ?? ''} ${toast.textContent ?? ''}`)
      }
    }
    new MutationObserver(record).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    })
    record()
    Object.assign(window, {
      toastsSaying: (text: string) =>
        [...seen.values()].filter((seenText) => seenText.includes(text)).length,
    })
  })
  return (text) =>
    page.evaluate(
      (wanted) =>
        (window as unknown as { toastsSaying: (t: string) => number }).toastsSaying(wanted),
      text,
    )
}

/** A second, separate browser (its own storage, so its own account), failing on console errors. */
export async function secondBrowser(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return { page, errors, close: () => context.close() }
}

/** The number of people signed up, as the feed's toolbar says it. */
export const signedUpCount = async (page: Page) => {
  const text = await page.getByText(/users? signed up$/).textContent()
  return Number(text?.replace(/\D/g, ''))
}
