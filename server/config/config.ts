import { createECDH } from 'node:crypto'
import { z } from 'zod'
import { uplinkAddressesFromEnv } from './uplink-addresses'

// Environment variables are strings; accept the usual spellings of a switch.
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
  .transform((value) => ['true', '1', 'on', 'yes'].includes(value))

const databaseUrl = z
  .string()
  .refine((url) => url.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(url), {
    message: 'must start with sqlite: (a file path) or postgres://',
  })

/** Every environment variable the server reads, validated once at start-up. */
export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    DATABASE_URL: databaseUrl.default('sqlite:./data/vibeconnect.db'),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(3000),
    CLIENT_DIST_DIR: z.string().default('./dist/client'),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
    TRUST_PROXY: z.string().default('false'),
    // HTTPS in the app itself (ADR 041): PEM files, read at start and again on SIGHUP.
    TLS_CERT_FILE: z.string().optional(),
    TLS_KEY_FILE: z.string().optional(),
    // With it, plain HTTP on this port (80) sends browsers to the HTTPS address; ACME_WEBROOT:
    // where certbot's `--webroot` puts its HTTP-01 challenges, served on that port.
    HTTP_REDIRECT_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    ACME_WEBROOT: z.string().optional(),
    // Slow clients (dribbled headers or bodies, idle sockets) are cut off after these.
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    HTTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    FESTIVAL_NAME: z.string().min(1).max(60).default('Sunwave Festival'),
    FESTIVAL_YEAR: z.coerce.number().int().min(2000).max(2100).default(2026),
    FESTIVAL_TIME_ZONE: z
      .string()
      .refine(isKnownTimeZone, { message: 'must be an IANA time zone such as Europe/Amsterdam' })
      .default('Europe/Amsterdam'),
    FESTIVAL_DAY_CHANGE_HOUR: z.coerce.number().int().min(0).max(12).default(6),
    WIFI_PROVIDER_NAME: z.string().min(1).max(60).default('Nova Mobile'),
    // The captive portal (docs/wifi.md): the gateways, and what a grant gives a device.
    WIFI_GATEWAYS_FILE: z.string().optional(),
    WIFI_SESSION_MINUTES: z.coerce.number().int().min(1).max(10_080).default(240),
    WIFI_UPLOAD_RATE_KBPS: z.coerce.number().int().min(0).default(0),
    WIFI_DOWNLOAD_RATE_KBPS: z.coerce.number().int().min(0).default(0),
    WIFI_UPLOAD_QUOTA_KB: z.coerce.number().int().min(0).default(0),
    WIFI_DOWNLOAD_QUOTA_KB: z.coerce.number().int().min(0).default(0),
    WIFI_DEVICES_PER_ACCOUNT: z.coerce.number().int().min(1).max(50).default(3),
    // A new account waiting for its confirmation mail gets this long online to open it (0: none).
    WIFI_GRACE_MINUTES: z.coerce.number().int().min(0).max(60).default(10),
    WIFI_DEVICE_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    // Pass codes tried per device and per gateway in a rate-limit window (and, as sign-ins, per
    // client address); passwords tried and accounts created on one gateway's portal.
    WIFI_CODE_ATTEMPTS_PER_DEVICE: z.coerce.number().int().min(1).default(10),
    WIFI_CODE_ATTEMPTS_PER_GATEWAY: z.coerce.number().int().min(1).default(600),
    WIFI_PASSWORD_ATTEMPTS_PER_GATEWAY: z.coerce.number().int().min(1).default(2000),
    FESTIVAL_LAST_DAY: z.iso.date().optional(),
    // The game (docs/game.md): its rules file (the shipped defaults when unset), the festival's
    // first day for the early bird, and the key of the organiser's stage-code pages.
    GAME_CONFIG_FILE: z.string().optional(),
    FESTIVAL_FIRST_DAY: z.iso.date().optional(),
    GAME_STAGE_PAGES_KEY: z.string().min(16, 'must be at least 16 characters').optional(),

    // The Terms of Service and privacy notice (docs/privacy.md): Markdown files of the organiser's,
    // the shipped defaults when unset; checked at start-up.
    TERMS_FILE: z.string().optional(),
    PRIVACY_FILE: z.string().optional(),
    // Prometheus metrics at /metrics (docs/deployment.md): off unless this bearer token is set.
    METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),

    AUTH_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    AUTH_JWT_EXPIRY: z.coerce.number().int().min(10).max(604_800).default(3600),
    AUTH_EMAIL_CONFIRMATION: booleanFromEnv.default(false),
    AUTH_REFRESH_REUSE_INTERVAL_S: z.coerce.number().int().min(0).max(300).default(10),
    AUTH_LINK_EXPIRY_S: z.coerce.number().int().min(60).max(86_400).default(3600),
    // A password change within this long of the session's sign-in needs no mailed code.
    AUTH_REAUTHENTICATION_WINDOW_S: z.coerce.number().int().min(0).max(86_400).default(600),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().min(3).default('VibeConnect <no-reply@vibeconnect.invalid>'),
    MAIL_OUTBOX_DIR: z.string().default('./data/outbox'),

    RATE_LIMIT: z.enum(['on', 'off']).default('on'),
    RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).default(300),
    RATE_LIMIT_SIGNIN_PER_IP: z.coerce.number().int().min(1).default(60),
    // Failed sign-ins only (ADR 019): per account and client address, and per account from all.
    RATE_LIMIT_SIGNIN_FAILURES_PER_EMAIL_IP: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_SIGNIN_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(100),
    RATE_LIMIT_SIGNUP_PER_IP: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_RECOVER_PER_IP: z.coerce.number().int().min(1).default(10),
    // Sign-ups and mails (confirmation, recovery, codes) for one e-mail address, and codes tried.
    RATE_LIMIT_EMAIL_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
    RATE_LIMIT_VERIFY_PER_IP: z.coerce.number().int().min(1).default(30),
    // A festival WiFi's uplinks, which everyone behind its NAT shares (docs/wifi.md, ADR 026), and
    // the per-address budgets they get instead of one client's: sized for thousands of people.
    WIFI_UPLINK_ADDRESSES: uplinkAddressesFromEnv,
    RATE_LIMIT_SIGNUP_PER_UPLINK: z.coerce.number().int().min(1).default(1000),
    RATE_LIMIT_SIGNIN_PER_UPLINK: z.coerce.number().int().min(1).default(2000),
    RATE_LIMIT_RECOVER_PER_UPLINK: z.coerce.number().int().min(1).default(200),
    RATE_LIMIT_VERIFY_PER_UPLINK: z.coerce.number().int().min(1).default(1000),

    LIVE_HEARTBEAT_S: z.coerce.number().int().min(1).max(300).default(25),
    LIVE_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).default(50),
    // Per instance, like the per-address cap; a declared uplink's sockets of accounts with a device
    // the portal admitted count against their account only.
    LIVE_MAX_CONNECTIONS_PER_UPLINK: z.coerce.number().int().min(1).default(10_000),
    // Everywhere, the declared uplinks included: one account's tabs and devices.
    LIVE_MAX_CONNECTIONS_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    LIVE_FANOUT_MAX_WAIT_MS: z.coerce.number().int().min(0).max(2000).default(200),

    // Safety (docs/safety.md): reports from this many distinct accounts hide a vibe pending
    // review; a vibe whose username or status contains a word of this file is held back.
    MODERATION_REPORTS_TO_HIDE: z.coerce.number().int().min(1).max(1000).default(3),
    MODERATION_WORDS_FILE: z.string().optional(),

    LINEUP_URL: z.url().optional(),
    // The demo stored while there is no lineup: 'small' (49 sets) or 'festival' (about 300 sets
    // over 4 days and 11 stages, for the bench and screenshots).
    DEMO_LINEUP: z.enum(['small', 'festival']).default('small'),
    LINEUP_POLL_INTERVAL_S: z.coerce.number().int().min(5).default(60),
    LINEUP_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
    // How often each instance looks whether the lineup changed (an import, another instance's
    // poll), to tell open apps at once and to send programme-change notices.
    LINEUP_WATCH_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),

    // The service worker (offline shell, installing, reminders; ADR 034). `off` is the kill switch:
    // /sw.js becomes a worker that clears its caches and unregisters itself on every device.
    SERVICE_WORKER: z.enum(['on', 'off']).default('on'),

    // Web Push reminders (docs/reminders.md). The VAPID key pair is generated once and kept in the
    // database unless both keys are given here (base64url, as `web-push generate-vapid-keys` prints).
    PUSH_REMINDERS: z.enum(['on', 'off']).default('on'),
    PUSH_REMINDER_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    PUSH_VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^B[A-P][A-Za-z0-9_-]{85}$/, 'must be a P-256 public key: 87 base64url characters')
      .optional(),
    PUSH_VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key: 43 base64url characters')
      .optional(),
    // Who push services may contact about our pushes: a mailto: or https: address.
    PUSH_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: address')
      .default('mailto:push@vibeconnect.invalid'),
    // Hosts (and their subdomains) of the push services we send to; nothing else is ever asked.
    PUSH_SERVICE_HOSTS: z
      .string()
      .default('fcm.googleapis.com,push.services.mozilla.com,push.apple.com,notify.windows.com')
      .transform((list) =>
        list
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
  })
  .refine(
    (config) =>
      (config.PUSH_VAPID_PUBLIC_KEY === undefined) ===
      (config.PUSH_VAPID_PRIVATE_KEY === undefined),
    {
      path: ['PUSH_VAPID_PRIVATE_KEY'],
      message: 'PUSH_VAPID_PUBLIC_KEY and PUSH_VAPID_PRIVATE_KEY are given together or not at all',
    },
  )
  .refine(
    ({ PUSH_VAPID_PUBLIC_KEY: publicKey, PUSH_VAPID_PRIVATE_KEY: privateKey }) =>
      !publicKey || !privateKey || isVapidPair(publicKey, privateKey),
    {
      path: ['PUSH_VAPID_PUBLIC_KEY'],
      message: 'is not the public key of PUSH_VAPID_PRIVATE_KEY',
    },
  )
  .refine(
    (config) => (config.TLS_CERT_FILE === undefined) === (config.TLS_KEY_FILE === undefined),
    {
      path: ['TLS_KEY_FILE'],
      message: 'TLS_CERT_FILE and TLS_KEY_FILE are given together or not at all',
    },
  )
  .refine((config) => config.HTTP_REDIRECT_PORT === undefined || config.TLS_CERT_FILE, {
    path: ['HTTP_REDIRECT_PORT'],
    message: 'redirects to the HTTPS the app serves itself: set TLS_CERT_FILE and TLS_KEY_FILE',
  })
  .refine((config) => config.HTTP_REDIRECT_PORT !== config.PORT, {
    path: ['HTTP_REDIRECT_PORT'],
    message: 'must differ from PORT, where the app serves HTTPS',
  })
  .refine(
    (config) =>
      config.HTTP_REDIRECT_PORT === undefined ||
      !config.PUBLIC_URL ||
      config.PUBLIC_URL.startsWith('https://'),
    {
      path: ['PUBLIC_URL'],
      message: 'must be an https:// address when HTTP_REDIRECT_PORT sends browsers to it',
    },
  )
  .refine((config) => config.ACME_WEBROOT === undefined || config.HTTP_REDIRECT_PORT, {
    path: ['ACME_WEBROOT'],
    message: 'is served on HTTP_REDIRECT_PORT: set that too (80 for certbot)',
  })
  .refine((config) => config.HTTP_HEADERS_TIMEOUT_MS <= config.HTTP_REQUEST_TIMEOUT_MS, {
    path: ['HTTP_HEADERS_TIMEOUT_MS'],
    message: 'must not exceed HTTP_REQUEST_TIMEOUT_MS (headers are part of the request)',
  })

export type Config = z.infer<typeof ConfigSchema>

/** Whether the private key is a P-256 key whose public key is `publicKey` (both base64url). */
function isVapidPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1')
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'))
    return ecdh.getPublicKey('base64url') === publicKey
  } catch {
    return false
  }
}

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Parses the environment into a Config, or throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const blankAsUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = ConfigSchema.safeParse(blankAsUnset)
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    )
  }
  return parsed.data
}
