import { e2ePorts, e2eTmpDir } from '../../scripts/e2e-run.mjs'

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

const [SQLITE_PORT, STRICT_PORT, POSTGRES_PORT] = e2ePorts()
export const E2E_TMP_DIR = e2eTmpDir()
export const STAGE_PAGES_KEY = 'e2e-organiser-stage-pages-key'

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
      // Two gateways, so the WiFi panel and the captive portal have somewhere to point.
      WIFI_GATEWAYS_FILE: 'e2e/support/wifi-gateways.json',
      // The organiser's stage-code pages, where the game's stories read the codes a stage shows.
      GAME_STAGE_PAGES_KEY: STAGE_PAGES_KEY,
      ...extra,
    },
  }
}

export const e2eServers: E2eServer[] = [
  {
    ...serverSettings(SQLITE_PORT!, 'sqlite', `sqlite:${E2E_TMP_DIR}/sqlite/app.db`),
    grepInvert: /@strict/,
  },
  {
    ...serverSettings(STRICT_PORT!, 'strict', `sqlite:${E2E_TMP_DIR}/strict/app.db`, {
      AUTH_EMAIL_CONFIRMATION: 'true',
      // Short enough that auth-js refreshes at its next 30-second tick (within 120 s of expiry),
      // long enough that it does not at sign-in (within 90 s) nor during a story (real time).
      AUTH_JWT_EXPIRY: '120',
    }),
    grep: /@strict/,
  },
  ...(process.env.E2E_POSTGRES_URL
    ? [
        {
          ...serverSettings(POSTGRES_PORT!, 'postgres', process.env.E2E_POSTGRES_URL),
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
