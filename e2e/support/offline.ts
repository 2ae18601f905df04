import {
  type APIRequestContext,
  type BrowserContext,
  type CDPSession,
  expect,
  type Page,
} from '@playwright/test'
import { openMainApp, waitUntilLive } from './vibes'

// What the offline stories look at on the device: the service worker, and the app's IndexedDB
// database of kept data and queued writes.

/** Waits until the service worker is active and controls the page (the first visit's reload). */
export async function controlledByWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload()
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)
}

/**
 * The service worker's registration id, as the DevTools protocol knows it, and the protocol's
 * session on `page` to send it events with (`origin`: the app's, when `page` is not on it).
 */
export async function workerRegistration(
  page: Page,
  origin = new URL(page.url()).origin,
): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page)
  const registrations = new Map<string, { scopeURL: string; isDeleted: boolean }>()
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const each of updated) registrations.set(each.registrationId, each)
  })
  await cdp.send('ServiceWorker.enable')
  await expect
    .poll(() => [...registrations.values()].filter((r) => !r.isDeleted).map((r) => r.scopeURL))
    .toEqual([`${origin}/`])
  const [id] = [...registrations].find(([, r]) => !r.isDeleted)!
  return { cdp, id }
}

/** Every entry of the app's IndexedDB database of offline data, as text. */
export const offlineEntries = (page: Page) =>
  page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((each) => each.name)
    if (!names.includes('vibeconnect-offline')) return [] as string[]
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('vibeconnect-offline')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const read = (what: 'getAllKeys' | 'getAll') =>
      new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction('entries').objectStore('entries')[what]()
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    const [keys, values] = [await read('getAllKeys'), await read('getAll')]
    db.close()
    return keys.map((key, index) => `${String(key)} ${JSON.stringify(values[index])}`)
  })

/** Waits until the user's data is written to the device (a second after it changes). */
export const dataKeptOnDevice = (page: Page, userId: string, text: string) =>
  expect
    .poll(
      async () =>
        (await offlineEntries(page))
          .filter((entry) => entry.startsWith(`queries:${userId}`))
          .join('\n'),
      {
        timeout: 10_000,
      },
    )
    .toContain(text)

export const queuedWrites = async (page: Page, userId: string) => {
  const entry = (await offlineEntries(page)).find((each) => each.startsWith(`outbox:${userId}`))
  return entry ? (JSON.parse(entry.slice(entry.indexOf(' ') + 1)) as unknown[]) : []
}

// The server's own words for 409 username_taken (server/vibes/vibes.service.ts).
export const USERNAME_TAKEN = /^Someone already goes by this username/

export const userIdOf = (session: { user: { id: string } }) => session.user.id

/** What Chromium logs while offline: the requests and the live channel that fail. */
export const OFFLINE_CONSOLE_ERRORS =
  /ERR_INTERNET_DISCONNECTED|Failed to fetch|WebSocket|net::ERR_/

/**
 * Signs up a fan whose vibe says `status` and opens the app until it would work offline: live,
 * under the service worker, with that vibe kept on the device.
 */
export async function openAppReadyForOffline(
  page: Page,
  request: APIRequestContext,
  baseURL: string,
  status: string,
) {
  const fan = await openMainApp(page, request, baseURL, { status })
  const userId = userIdOf(fan.account.session)
  await waitUntilLive(page)
  await controlledByWorker(page)
  await dataKeptOnDevice(page, userId, status)
  return { ...fan, userId }
}

/** Updates my status in the Update Vibe dialog with no network: queued on the device. */
export async function updateStatusOffline(page: Page, status: string) {
  await page.getByRole('button', { name: 'Update Vibe' }).click()
  const dialog = page.getByRole('dialog', { name: 'Update Your Vibe' })
  await dialog.getByLabel("What's your vibe right now?").fill(status)
  await dialog.getByRole('button', { name: 'Update Vibe' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('banner')).toContainText('Waiting for network')
}

/** My vibe as the server has it. */
export async function myVibeOnServer(
  request: APIRequestContext,
  baseURL: string,
  session: { access_token: string },
): Promise<{ vibe: { status: string; updatedAt: string } }> {
  const answer = await request.get(`${baseURL}/api/vibes/mine`, {
    headers: { authorization: `Bearer ${session.access_token}` },
  })
  return answer.json()
}

/** Changes my username with no network to `username`: queued on the device. */
export async function queueUsernameOffline(page: Page, username: string) {
  await page.getByRole('button', { name: 'Update Vibe' }).click()
  const dialog = page.getByRole('dialog', { name: 'Update Your Vibe' })
  await dialog.getByLabel('Username').fill(username)
  await dialog.getByRole('button', { name: 'Update Vibe' }).click()
  await expect(page.getByRole('banner')).toContainText('Waiting for network')
}

/**
 * Plays a browser without Background Sync (Firefox, Safari): the app registers none, so writes
 * queued offline wait for the next start or `online` event. Chromium would otherwise have the
 * service worker send them once a closed app's network comes back (offline-background-sync.spec).
 */
export const withoutBackgroundSync = (context: BrowserContext) =>
  context.addInitScript(() => {
    // Not in every document a context opens (about:blank has none).
    if (typeof ServiceWorkerRegistration === 'undefined') return
    Object.defineProperty(ServiceWorkerRegistration.prototype, 'sync', {
      get: () => undefined,
      configurable: true,
    })
  })
