import type { Server } from 'node:http'
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config/config'
import { loadEnvFile } from './config/env-file'
import { siteOrigin } from './config/site-origin'
import { reloadTlsFiles } from './config/tls-files'
import { closeHttpsRedirect, listenHttpsRedirect } from './http/https-redirect'

const SHUTDOWN_GRACE_MS = 10_000

async function main(): Promise<void> {
  loadEnvFile()
  const config = loadConfig()
  const app = await buildApp(config)

  let closing = false
  let redirect: Server | undefined
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    // If something hangs, leave anyway: the orchestrator is waiting for us.
    setTimeout(() => {
      app.log.error('shutdown took too long, exiting')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS).unref()
    Promise.all([app.close(), redirect && closeHttpsRedirect(redirect)]).then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'error while shutting down')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
  // A renewed certificate (certbot's deploy hook sends `kill -HUP` to the process) is served to
  // new connections without a restart; a broken pair is refused and the current one kept.
  if (config.TLS_CERT_FILE) {
    process.on('SIGHUP', () => {
      try {
        reloadTlsFiles(app.server, config)
        app.log.info({ certFile: config.TLS_CERT_FILE }, 'TLS certificate reloaded')
      } catch (error) {
        app.log.error({ err: error }, 'TLS certificate not reloaded: still serving the one before')
      }
    })
  }

  await app.listen({ port: config.PORT, host: config.HOST })
  // Plain HTTP on port 80 sends browsers to the app's own HTTPS (ADR 041).
  try {
    redirect = await listenHttpsRedirect(config, app.log)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error)
    const hint = code === 'EACCES' ? ': a port under 1024 needs CAP_NET_BIND_SERVICE' : ''
    throw new ConfigError([
      `HTTP_REDIRECT_PORT: cannot listen on ${config.HTTP_REDIRECT_PORT} (${code})${hint}`,
    ])
  }
  if (redirect) {
    app.log.info(
      { port: config.HTTP_REDIRECT_PORT, acmeWebroot: config.ACME_WEBROOT },
      'plain HTTP redirects to HTTPS',
    )
  }
  if (!config.PUBLIC_URL && config.NODE_ENV === 'production') {
    // Links are never built from request headers, so without PUBLIC_URL they name this machine.
    app.log.warn(
      { siteOrigin: siteOrigin(config, app.server.address()) },
      'PUBLIC_URL is not set: e-mail links will point at this address, not your public site',
    )
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message)
  } else {
    console.error('VibeConnect failed to start:', error)
  }
  process.exit(1)
})
