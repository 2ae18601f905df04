import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { sendNotFound } from './error-handler'
import { SELF_REMOVING_SERVICE_WORKER } from './service-worker-kill-switch'

const API_PREFIXES = ['/api/', '/auth/', '/healthz', '/readyz']

/**
 * Serves the built client: hashed files under /assets/ are immutable, index.html, sw.js and the
 * web app manifest are never cached, and any other GET that wants HTML gets index.html so the
 * client router can answer it. With `serviceWorker: false` (SERVICE_WORKER=off, the kill switch),
 * /sw.js is a worker that removes itself and its caches.
 */
export async function registerClientAssets(
  app: FastifyInstance,
  distDir: string,
  { serviceWorker }: { serviceWorker: boolean } = { serviceWorker: true },
): Promise<void> {
  const root = resolve(distDir)
  const hasClient = existsSync(resolve(root, 'index.html'))
  if (!serviceWorker) {
    // A hook, not a route: the static plugin declares a route for the built sw.js itself.
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.split('?')[0] !== '/sw.js') return
      if (request.method !== 'GET' && request.method !== 'HEAD') return
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/javascript; charset=utf-8')
        .send(SELF_REMOVING_SERVICE_WORKER)
    })
  }
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each file (scripts/compress-assets.mjs); a file
      // without them, or a client that accepts neither, gets the file as it is.
      preCompressed: true,
      // The build makes no source maps; one left by an older or hand-made build stays private.
      allowedPath: (path) => !path.endsWith('.map'),
      setHeaders(reply, path) {
        reply.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    })
  } else {
    app.log.warn({ distDir: root }, 'no built client found: run `npm run build` to serve the app')
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const wantsPage =
      hasClient &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((prefix) => path.startsWith(prefix)) &&
      !path.startsWith('/assets/')
    if (!wantsPage) return sendNotFound(request, reply)
    reply.header('Cache-Control', 'no-cache')
    return reply.sendFile('index.html', root)
  })
}
