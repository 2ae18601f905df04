import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fakeServer, renderWithApp, type SentRequest } from '../../test/render'
import { ReminderSettings } from './ReminderSettings'

const KEY = `B${'A'.repeat(86)}`
const SUBSCRIPTION_JSON = {
  endpoint: 'https://push.example/abc',
  expirationTime: null,
  keys: { p256dh: `B${'E'.repeat(86)}`, auth: 'A'.repeat(22) },
}

/** A browser with Web Push: `permission` as the site has it, and a push manager to subscribe. */
function pushBrowser(
  permission: NotificationPermission,
  answer: NotificationPermission = 'granted',
) {
  let current: PushSubscription | null = null
  const subscription = {
    endpoint: SUBSCRIPTION_JSON.endpoint,
    options: { applicationServerKey: new Uint8Array(65).buffer },
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vi.fn(async () => {
      current = null
      return true
    }),
  } as unknown as PushSubscription
  const pushManager = {
    getSubscription: async () => current,
    subscribe: vi.fn(async () => {
      current = subscription
      return subscription
    }),
  }
  const registration = { pushManager }
  vi.stubGlobal('PushManager', class {})
  vi.stubGlobal(
    'Notification',
    Object.assign(class {}, { permission, requestPermission: vi.fn(async () => answer) }),
  )
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: async () => registration, ready: Promise.resolve(registration) },
  })
  return { pushManager, subscription }
}

function reminderServer(choices = { minutesBefore: null as number | null, changes: false }) {
  const sent: SentRequest[] = fakeServer((request) => {
    if (request.path === '/api/push/key') return { status: 200, body: { publicKey: KEY } }
    if (request.path === '/api/schedule') {
      return { status: 200, body: { stars: [], reminders: choices } }
    }
    if (request.path === '/api/schedule/reminders') {
      Object.assign(choices, request.body)
      return { status: 200, body: request.body }
    }
    return { status: 204, body: null }
  })
  return sent
}

describe('reminder settings', () => {
  it('says so plainly in a browser without Web Push', async () => {
    reminderServer()
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined })
    // happy-dom has no PushManager: this browser cannot take pushes.
    delete (navigator as { serviceWorker?: unknown }).serviceWorker
    renderWithApp(<ReminderSettings />)
    const section = await screen.findByRole('region', { name: 'Reminders' })
    expect(await within(section).findByText(/This browser can't show reminders/)).toBeTruthy()
    expect(within(section).queryByRole('button')).toBeNull()
  })

  it('says how to unblock notifications when the site may not show them', async () => {
    reminderServer()
    pushBrowser('denied')
    renderWithApp(<ReminderSettings />)
    expect(await screen.findByText(/Notifications are blocked for VibeConnect/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Turn on reminders' })).toBeNull()
  })

  it('turns reminders on: asks permission, subscribes with the server’s key, stores the subscription and first choices', async () => {
    const sent = reminderServer()
    const { pushManager } = pushBrowser('default')
    renderWithApp(<ReminderSettings />)
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on reminders' }))

    const group = await screen.findByRole('group', {
      name: 'Remind me before a starred set starts',
    })
    expect(Notification.requestPermission).toHaveBeenCalledOnce()
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: expect.any(Uint8Array),
    })
    const [options] = pushManager.subscribe.mock.calls[0] as unknown as [
      { applicationServerKey: Uint8Array },
    ]
    expect([...options.applicationServerKey.slice(0, 2)]).toEqual([4, 0])
    expect(sent).toContainEqual({
      method: 'PUT',
      path: '/api/push/subscriptions',
      body: SUBSCRIPTION_JSON,
    })
    expect(sent).toContainEqual({
      method: 'PUT',
      path: '/api/schedule/reminders',
      body: { minutesBefore: 15, changes: true },
    })
    expect(within(group).getByRole('radio', { name: '15 min' })).toHaveProperty('checked', true)

    fireEvent.click(within(group).getByRole('radio', { name: '5 min' }))
    expect(await screen.findByText('Saved.')).toBeTruthy()
    expect(sent.at(-1)).toEqual({
      method: 'PUT',
      path: '/api/schedule/reminders',
      body: { minutesBefore: 5, changes: true },
    })
    const changes = screen.getByRole('checkbox', {
      name: 'Tell me when a starred set moves or is cancelled',
    })
    fireEvent.click(changes)
    await vi.waitFor(() => expect(sent.at(-1)?.body).toEqual({ minutesBefore: 5, changes: false }))
  })

  it('turns reminders off on this device: unsubscribes and tells the server', async () => {
    const sent = reminderServer({ minutesBefore: 10, changes: true })
    const { subscription } = pushBrowser('granted')
    renderWithApp(<ReminderSettings />)
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on reminders' }))
    fireEvent.click(
      await screen.findByRole('button', { name: 'Turn off reminders on this device' }),
    )
    expect(await screen.findByRole('button', { name: 'Turn on reminders' })).toBeTruthy()
    expect(subscription.unsubscribe).toHaveBeenCalledOnce()
    expect(sent).toContainEqual({
      method: 'DELETE',
      path: '/api/push/subscriptions',
      body: { endpoint: SUBSCRIPTION_JSON.endpoint },
    })
    // Choices already made are kept, not reset to the first ones.
    expect(sent.filter((request) => request.path === '/api/schedule/reminders')).toEqual([])
  })

  it('stays off and says why when the permission prompt is dismissed', async () => {
    reminderServer()
    pushBrowser('default', 'default')
    renderWithApp(<ReminderSettings />)
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on reminders' }))
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Reminders need your permission to show notifications.',
    )
    expect(screen.getByRole('button', { name: 'Turn on reminders' })).toBeTruthy()
  })
})
