import type { Page, Route } from '@playwright/test'

/**
 * Holds back every request to `url` (a glob, a pattern or a test, as `page.route` takes) until
 * the returned `release()` lets them through, and any later ones with them.
 */
export async function holdRequests(
  page: Page,
  url: Parameters<Page['route']>[0],
): Promise<() => Promise<void>> {
  const held: Route[] = []
  let released = false
  await page.route(url, (route) => (released ? route.continue() : void held.push(route)))
  return async () => {
    released = true
    for (const route of held.splice(0)) await route.continue()
  }
}
