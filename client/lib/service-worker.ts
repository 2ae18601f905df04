import { afterNextPaint } from './after-next-paint'

// The service worker (client/sw.ts, ADR 030): reminders' notifications now, the offline shell later.
const WORKER_URL = '/sw.js'

/** Whether this browser can take Web Push reminders at all. */
export const pushSupported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

/**
 * Registers the worker once the page has loaded and its next frame is on screen, so it competes
 * with nothing the first screen needs. A browser without service workers, or a failed
 * registration, leaves the app as it was.
 */
export function registerServiceWorkerAfterPaint(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return
  const register = () =>
    afterNextPaint(() => {
      navigator.serviceWorker
        .register(WORKER_URL)
        .catch((error: unknown) => console.warn('Could not register the service worker:', error))
    })
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}

/** The worker's registration once it is active, registering it first if that has not happened. */
export async function activeServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(WORKER_URL)
  return navigator.serviceWorker.ready
}
