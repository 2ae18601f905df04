/**
 * What /sw.js is under SERVICE_WORKER=off: the browser's update check (each visit, as the file is
 * served `no-cache`) installs it over the app's worker. It takes over at once, deletes every cache
 * of this origin (the precached shell), unregisters itself and reloads the windows it controlled,
 * so they load from the network. Pages it does not control are left alone (no reload loop).
 * Data kept by the page itself (IndexedDB) is not the worker's and stays.
 */
export const SELF_REMOVING_SERVICE_WORKER = `// VibeConnect: the service worker is switched off (SERVICE_WORKER=off).
self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) await caches.delete(key)
      await self.registration.unregister()
      const windows = await self.clients.matchAll({ type: 'window' })
      for (const client of windows) client.navigate(client.url)
    })(),
  )
})
`
