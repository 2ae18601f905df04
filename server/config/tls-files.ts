import { readFileSync } from 'node:fs'
import { createSecureContext, type Server as TlsServer } from 'node:tls'
import { type Config, ConfigError } from './config'

/** The certificate (with its chain) and private key the app serves HTTPS with, as PEM. */
export interface TlsFiles {
  cert: Buffer
  key: Buffer
}

/**
 * Reads TLS_CERT_FILE and TLS_KEY_FILE, or undefined when HTTPS is not the app's (a proxy in
 * front terminates it, or plain HTTP on a laptop). Throws a ConfigError naming the variable when
 * a file cannot be read, is not PEM, or the key is not the certificate's: a server that would
 * fail every handshake must not start, and a reload must not swap in such a pair.
 */
export function readTlsFiles(
  config: Pick<Config, 'TLS_CERT_FILE' | 'TLS_KEY_FILE'>,
): TlsFiles | undefined {
  const { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile } = config
  if (!certFile || !keyFile) return undefined
  const cert = readPem('TLS_CERT_FILE', certFile)
  const key = readPem('TLS_KEY_FILE', keyFile)
  try {
    createSecureContext({ cert, key })
  } catch (error) {
    throw new ConfigError([
      `TLS_CERT_FILE, TLS_KEY_FILE: ${certFile} and ${keyFile} are not a certificate and its key (${(error as Error).message})`,
    ])
  }
  return { cert, key }
}

function readPem(variable: string, path: string): Buffer {
  let pem: Buffer
  try {
    pem = readFileSync(path)
  } catch (error) {
    throw new ConfigError([
      `${variable}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? error})`,
    ])
  }
  if (!pem.includes('-----BEGIN '))
    throw new ConfigError([`${variable}: ${path} is not a PEM file`])
  return pem
}

/** The oldest TLS the app's own HTTPS speaks (every phone of the last decade has 1.2). */
export const TLS_MIN_VERSION = 'TLSv1.2'

/**
 * Serves the certificate and key now in the files to new connections (a renewal: SIGHUP in
 * server/main.ts); connections already open keep theirs. Throws a ConfigError, and changes
 * nothing, when the files are not a usable pair.
 */
export function reloadTlsFiles(
  server: unknown,
  config: Pick<Config, 'TLS_CERT_FILE' | 'TLS_KEY_FILE'>,
): void {
  const files = readTlsFiles(config)
  if (!files) throw new ConfigError(['TLS_CERT_FILE, TLS_KEY_FILE: not set, nothing to reload'])
  ;(server as TlsServer).setSecureContext({ ...files, minVersion: TLS_MIN_VERSION })
}
