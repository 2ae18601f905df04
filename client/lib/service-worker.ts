import { toast } from '../components/toasts/toast'
import { afterFirstContentfulPaint } from './after-first-contentful-paint'

// The service worker (client/sw.ts, ADRs 030 and 034): reminders' notifications and the offline
// shell. Registered for everyone, so the app can be installed from the sign-in screen.
const WORKER_URL = '/sw.js'

/** The update prompt's toast: the one that outlives a sign-out. */
export const UPDATE_PROMPT_TOAST_ID = 'app-update'

/** The exact words of the update prompt (README, e2e/offline-shell.spec.ts). */
export const UPDATE_READY_TEXT = 'A new version is ready —'

/** Whether this browser can take Web Push reminders at all. */
export const pushSupported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

/**
 * Registers the worker once the page has loaded and its first contentful paint is on screen, so
 * it competes with nothing the first screen needs, then offers a new version whenever one is
 * waiting. A browser without service workers, or a failed registration, leaves the app as it was.
 */
export function registerServiceWorkerAfterPaint(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return
  const register = () =>
    afterFirstContentfulPaint(() => {
      navigator.serviceWorker
        .register(WORKER_URL)
        .then(offerUpdates)
        .catch((error: unknown) => console.warn('Could not register the service worker:', error))
    })
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}

/**
 * Shows "A new version is ready — Reload" while a new worker waits (found now, or by the check the
 * browser makes on each start). Reload lets it take over and reloads the page onto its files;
 * left alone, it takes over once every window of the app has closed: the next start.
 */
function offerUpdates(registration: ServiceWorkerRegistration): void {
  // Only a worker that replaces another waits: the first one just starts.
  const offer = () => {
    const waiting = registration.waiting
    if (waiting && navigator.serviceWorker.controller) showUpdatePrompt(waiting)
  }
  const watch = (installing: ServiceWorker | null) =>
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer()
    })
  offer()
  // The browser's own check at this page's start may already be installing one.
  watch(registration.installing)
  registration.addEventListener('updatefound', () => watch(registration.installing))
}

function showUpdatePrompt(waiting: ServiceWorker): void {
  toast(UPDATE_READY_TEXT, {
    id: UPDATE_PROMPT_TOAST_ID,
    duration: Number.POSITIVE_INFINITY,
    action: {
      label: 'Reload',
      onClick: () => {
        navigator.serviceWorker.addEventListener(
          'controllerchange',
          () => window.location.reload(),
          {
            once: true,
          },
        )
        waiting.postMessage({ type: 'SKIP_WAITING' })
      },
    },
  })
}

/** The worker's registration once it is active, registering it first if that has not happened. */
export async function activeServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(WORKER_URL)
  return navigator.serviceWorker.ready
}
