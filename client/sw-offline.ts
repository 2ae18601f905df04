import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { isAppShellNavigation } from './sw-routes'

type PrecacheEntry = { url: string; revision: string | null } | string

/**
 * Precaches the build (Workbox: each file under its revision; the caches of older versions go
 * once this worker activates) and answers the app's own page navigations with the precached
 * index.html, online or not, so the shell always matches the files it was built with.
 * Server-rendered pages (the captive portal, /terms, the API…) always go to the network.
 */
export function setUpOfflineShell(manifest: PrecacheEntry[]): void {
  precacheAndRoute(manifest)
  cleanupOutdatedCaches()
  registerRoute(
    ({ request, url }) =>
      request.mode === 'navigate' &&
      url.origin === self.location.origin &&
      isAppShellNavigation(url.pathname),
    createHandlerBoundToURL('index.html'),
  )
}
