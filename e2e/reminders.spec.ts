import Database from 'better-sqlite3'
import { expect, test } from './support/fixtures'
import { workerRegistration } from './support/offline'
import { openSection } from './support/schedule'
import { serverFor } from './support/servers'
import { openMainApp } from './support/vibes'

/**
 * Chromium cannot subscribe here: Playwright's contexts are off the record, where it has no Push
 * API ("Registration failed - permission denied"), and this machine reaches no push service. When
 * `pushManager.subscribe` fails, this stand-in answers instead, with a real P-256 key pair and
 * auth secret, exactly as a browser's subscription reads. Delivery does not need it: the DevTools
 * protocol hands pushes to the service worker directly.
 */
function standInForPushService() {
  const original = PushManager.prototype.subscribe
  const getSubscription = PushManager.prototype.getSubscription
  let standIn: PushSubscription | null = null
  const base64url = (bytes: ArrayBuffer) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
  PushManager.prototype.subscribe = async function (options) {
    try {
      return await original.call(this, options)
    } catch {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
        'deriveBits',
      ])
      const p256dh = base64url(await crypto.subtle.exportKey('raw', pair.publicKey))
      const auth = base64url(crypto.getRandomValues(new Uint8Array(16)).buffer)
      const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`
      standIn = {
        endpoint,
        expirationTime: null,
        options: {
          userVisibleOnly: true,
          applicationServerKey: (options!.applicationServerKey as Uint8Array).slice().buffer,
        },
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          standIn = null
          return true
        },
      } as unknown as PushSubscription
      return standIn
    }
  }
  PushManager.prototype.getSubscription = async function () {
    return standIn ?? getSubscription.call(this)
  }
}

test.describe('reminders', () => {
  test('the app registers its service worker after the first paint, for a signed-in fan', async ({
    page,
    request,
    baseURL,
  }) => {
    // When the app asks to register, against when the page first painted.
    await page.addInitScript(() => {
      const register = navigator.serviceWorker.register.bind(navigator.serviceWorker)
      navigator.serviceWorker.register = (url, options) => {
        ;(window as { registeredAt?: number }).registeredAt = performance.now()
        return register(url, options)
      }
    })
    await openMainApp(page, request, baseURL!)
    const scriptURL = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready
      return registration.active?.scriptURL
    })
    expect(scriptURL).toBe(`${baseURL}/sw.js`)
    const { registeredAt, firstPaint } = await page.evaluate(() => ({
      registeredAt: (window as { registeredAt?: number }).registeredAt,
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    }))
    expect(firstPaint).toBeGreaterThan(0)
    expect(registeredAt).toBeGreaterThan(firstPaint!)
  })

  test('a fan turns reminders on, the server keeps it, and a pushed reminder shows its notification with the set’s link', async ({
    page,
    request,
    baseURL,
    shoot,
    allowConsoleError,
  }) => {
    allowConsoleError(/does not support the Push API in incognito mode/)
    await page.context().grantPermissions(['notifications'], { origin: baseURL! })
    await page.addInitScript(standInForPushService)
    await page.setViewportSize({ width: 390, height: 844 })
    const fan = await openMainApp(page, request, baseURL!)
    await openSection(page, 'My schedule')

    const settings = page.getByRole('region', { name: 'Reminders' })
    await settings.getByRole('button', { name: 'Turn on reminders' }).click()
    const before = settings.getByRole('group', { name: 'Remind me before a starred set starts' })
    await expect(before.getByRole('radio', { name: '15 min' })).toBeChecked()
    await before.getByRole('radio', { name: '10 min' }).click()
    await expect(settings.getByRole('status')).toHaveText('Saved.')
    await expect(
      settings.getByRole('checkbox', { name: 'Tell me when a starred set moves or is cancelled' }),
    ).toBeChecked()
    await shoot(page, 'reminders-settings-phone')

    // The server has this browser's subscription and the fan's choices.
    const { endpoint } = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready
      return (await registration.pushManager.getSubscription())!.toJSON()
    })
    const file = serverFor(baseURL).env.DATABASE_URL!.replace(/^sqlite:/, '')
    const db = new Database(file, { readonly: true, fileMustExist: true })
    try {
      const userId = fan.account.session.user.id
      expect(
        db.prepare('select endpoint from push_subscriptions where user_id = ?').all(userId),
      ).toEqual([{ endpoint }])
      expect(
        db
          .prepare('select remind_minutes, remind_changes from schedules where user_id = ?')
          .get(userId),
      ).toEqual({ remind_minutes: 10, remind_changes: 1 })
    } finally {
      db.close()
    }

    // A push, as the push service would hand it to the browser.
    const { cdp, id } = await workerRegistration(page)
    const reminder = {
      title: 'Nightjar starts in 10 min',
      body: 'Main · 22:00–23:30',
      url: '/?set=id.set-1',
      tag: 'set:id.set-1',
    }
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL!,
      registrationId: id,
      data: JSON.stringify(reminder),
    })
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data,
        }))
      })
    await expect.poll(shown).toEqual([
      {
        title: reminder.title,
        body: reminder.body,
        tag: reminder.tag,
        data: { url: reminder.url },
      },
    ])

    // Turned off on this device: the server forgets the browser.
    await settings.getByRole('button', { name: 'Turn off reminders on this device' }).click()
    await expect(settings.getByRole('button', { name: 'Turn on reminders' })).toBeVisible()
    const after = new Database(file, { readonly: true, fileMustExist: true })
    try {
      expect(
        after
          .prepare('select count(*) as n from push_subscriptions where user_id = ?')
          .get(fan.account.session.user.id),
      ).toEqual({ n: 0 })
    } finally {
      after.close()
    }
  })

  test('says how to unblock notifications when the site may not show them', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' })
    })
    await page.setViewportSize({ width: 390, height: 844 })
    await openMainApp(page, request, baseURL!)
    await openSection(page, 'My schedule')
    await expect(page.getByText(/Notifications are blocked for VibeConnect/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Turn on reminders' })).toHaveCount(0)
  })
})
