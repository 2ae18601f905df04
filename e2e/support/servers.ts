/**
 * The app servers the browser suite runs against. Every story runs on SQLite; stories tagged
 * @strict need e-mail confirmation and short-lived tokens; @smoke stories run on PostgreSQL too.
 */
export interface E2eServer {
  name: string
  baseURL: string
  outboxDir: string
  env: Record<string, string>
  grep?: RegExp
  grepInvert?: RegExp
}

/**
 * Ports 4310-4312 unless E2E_PORT_BASE says otherwise, so two people (or two helpers) can run the
 * browser suite side by side in one checkout: each run then keeps its files under its own folder.
 */
export const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 4310)
export const E2E_TMP_DIR = process.env.E2E_PORT_BASE ? `.tmp/e2e-${PORT_BASE}` : '.tmp/e2e'

export const serverSettings = (
  port: number,
  name: string,
  databaseUrl: string,
  extra: Record<string, string> = {},
) => {
  const outboxDir = `${E2E_TMP_DIR}/${name}/outbox`
  return {
    name,
    baseURL: `http://127.0.0.1:${port}`,
    outboxDir,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      MAIL_OUTBOX_DIR: outboxDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'off',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...extra,
    },
  }
}

export const e2eServers: E2eServer[] = [
  {
    ...serverSettings(PORT_BASE, 'sqlite', `sqlite:${E2E_TMP_DIR}/sqlite/app.db`),
    grepInvert: /@strict/,
  },
  {
    ...serverSettings(PORT_BASE + 1, 'strict', `sqlite:${E2E_TMP_DIR}/strict/app.db`, {
      AUTH_EMAIL_CONFIRMATION: 'true',
      AUTH_JWT_EXPIRY: '15',
    }),
    grep: /@strict/,
  },
  ...(process.env.E2E_POSTGRES_URL
    ? [
        {
          ...serverSettings(PORT_BASE + 2, 'postgres', process.env.E2E_POSTGRES_URL),
          grep: /@smoke/,
        },
      ]
    : []),
]

/** The server a test's project runs against, found by its base URL. */
export function serverFor(baseURL: string | undefined): E2eServer {
  const server = e2eServers.find((candidate) => candidate.baseURL === baseURL)
  if (!server) throw new Error(`No e2e server at ${baseURL}`)
  return server
}
