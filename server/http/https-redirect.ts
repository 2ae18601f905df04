import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import type { Config } from '../config/config'

/** What the redirect needs of the app's configuration. */
export type HttpsRedirectConfig = Pick<
  Config,
  | 'PORT'
  | 'PUBLIC_URL'
  | 'ACME_WEBROOT'
  | 'HTTP_HEADERS_TIMEOUT_MS'
  | 'HTTP_REQUEST_TIMEOUT_MS'
  | 'HTTP_CONNECTION_TIMEOUT_MS'
>

interface Logger {
  warn(details: object, message: string): void
}

// certbot's `--webroot` writes each HTTP-01 challenge as <webroot>/.well-known/acme-challenge/<token>;
// a token is base64url (RFC 8555), so nothing else is ever a file name here.
const ACME_CHALLENGE = /^\/\.well-known\/acme-challenge\/([A-Za-z0-9_-]{1,256})$/
// A host name or IPv4 address, or an IPv6 address in brackets, with an optional port.
const HOST_HEADER = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/

/**
 * Plain HTTP for a machine whose app serves HTTPS itself (ADR 041): a phone that types the
 * festival's address, or follows an `http://` link, is sent to the same path over HTTPS (308,
 * which keeps the method), and certbot's HTTP-01 challenges are answered from ACME_WEBROOT, so
 * renewals work with this listener on port 80. Nothing else is served over plain HTTP.
 */
export function createHttpsRedirect(config: HttpsRedirectConfig, log: Logger): Server {
  const server = createServer(
    {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1000, config.HTTP_HEADERS_TIMEOUT_MS),
    },
    (request, response) => {
      answer(config, request, response).catch((error: unknown) => {
        log.warn({ err: error, url: request.url }, 'HTTP redirect failed')
        if (!response.headersSent) send(response, 500, 'Internal error\n')
        else response.destroy()
      })
    },
  )
  server.keepAliveTimeout = 5000
  server.timeout = config.HTTP_CONNECTION_TIMEOUT_MS
  return server
}

async function answer(
  config: HttpsRedirectConfig,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const path = request.url ?? ''
  // Origin-form only ("/path?query"): an absolute URL or `*` names no path of ours.
  if (!path.startsWith('/')) return send(response, 400, 'Bad request\n')

  const challenge = ACME_CHALLENGE.exec(path)
  if (challenge && config.ACME_WEBROOT && ['GET', 'HEAD'].includes(request.method ?? '')) {
    const file = join(config.ACME_WEBROOT, '.well-known', 'acme-challenge', challenge[1]!)
    const content = await readFile(file).catch(() => undefined)
    if (!content) return send(response, 404, 'Not found\n')
    return send(response, 200, content, request.method === 'HEAD')
  }

  const origin = httpsOrigin(config, request.headers.host)
  if (!origin) return send(response, 400, 'Bad request: no usable Host header\n')
  const location = `${origin}${path}`
  response.setHeader('Location', location)
  send(response, 308, `Moved to ${location}\n`, request.method === 'HEAD')
}

/**
 * Where HTTPS is: PUBLIC_URL's origin when set (links and redirects never trust the Host header
 * then), otherwise the host the browser asked for, on the app's HTTPS port.
 */
function httpsOrigin(config: HttpsRedirectConfig, host: string | undefined): string | undefined {
  if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin
  const match = host ? HOST_HEADER.exec(host) : null
  if (!match) return undefined
  return `https://${match[1]!.toLowerCase()}${config.PORT === 443 ? '' : `:${config.PORT}`}`
}

function send(response: ServerResponse, status: number, body: string | Buffer, headOnly = false) {
  response.statusCode = status
  response.setHeader('Content-Type', 'text/plain; charset=utf-8')
  response.setHeader('Content-Length', Buffer.byteLength(body))
  response.setHeader('Cache-Control', 'no-store')
  response.setHeader('X-Content-Type-Options', 'nosniff')
  response.end(headOnly ? undefined : body)
}

/** Starts the redirect on HTTP_REDIRECT_PORT; resolves to the server once it listens. */
export async function listenHttpsRedirect(
  config: HttpsRedirectConfig & Pick<Config, 'HOST' | 'HTTP_REDIRECT_PORT'>,
  log: Logger,
): Promise<Server | undefined> {
  if (config.HTTP_REDIRECT_PORT === undefined) return undefined
  const server = createHttpsRedirect(config, log)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.HTTP_REDIRECT_PORT, config.HOST, () => {
      server.off('error', reject)
      resolve()
    })
  })
  return server
}

/** Stops the redirect: no new connections, idle and open ones closed. */
export function closeHttpsRedirect(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}
