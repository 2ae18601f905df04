import { readFileSync } from 'node:fs'
import type { Config } from '../config/config'
import { ConfigError } from '../config/config'
import { DEFAULT_PRIVACY } from './default-privacy'
import { DEFAULT_TERMS } from './default-terms'

/** The most a terms or privacy file may hold: a long text is a few tens of KB. */
export const LEGAL_FILE_MAX_BYTES = 256 * 1024

export interface LegalTexts {
  terms: string
  privacy: string
}

/**
 * The Terms of Service and the privacy notice as Markdown: the organiser's files (TERMS_FILE,
 * PRIVACY_FILE) or the shipped defaults, with `{{festival}}`, `{{wifiProvider}}`,
 * `{{wifiRetentionDays}}` and `{{rateLimitMinutes}}` filled in. Read once at start-up: a missing,
 * empty, oversized or non-UTF-8 file stops the server, naming the variable.
 */
export function loadLegalTexts(config: Config): LegalTexts {
  const values: Record<string, string> = {
    festival: `${config.FESTIVAL_NAME} ${config.FESTIVAL_YEAR}`,
    wifiProvider: config.WIFI_PROVIDER_NAME,
    wifiRetentionDays: String(config.WIFI_DEVICE_RETENTION_DAYS),
    rateLimitMinutes: String(Math.max(1, Math.round(config.RATE_LIMIT_WINDOW_S / 60))),
  }
  const fill = (text: string) =>
    text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole)
  return {
    terms: fill(config.TERMS_FILE ? readText('TERMS_FILE', config.TERMS_FILE) : DEFAULT_TERMS),
    privacy: fill(
      config.PRIVACY_FILE ? readText('PRIVACY_FILE', config.PRIVACY_FILE) : DEFAULT_PRIVACY,
    ),
  }
}

function readText(variable: string, path: string): string {
  let bytes: Buffer
  try {
    bytes = readFileSync(path)
  } catch (error) {
    throw new ConfigError([`${variable}: cannot read ${path} (${(error as Error).message})`])
  }
  if (bytes.byteLength > LEGAL_FILE_MAX_BYTES) {
    throw new ConfigError([`${variable}: ${path} is over ${LEGAL_FILE_MAX_BYTES} bytes`])
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new ConfigError([`${variable}: ${path} is not UTF-8 text`])
  }
  if (text.trim() === '') throw new ConfigError([`${variable}: ${path} is empty`])
  return text
}
