import { execFileSync } from 'node:child_process'
import { get as httpsGet } from 'node:https'
import { join } from 'node:path'

/** Whether openssl is here to make test certificates (every Debian system has it). */
export const hasOpenssl = () => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/**
 * A self-signed certificate for 127.0.0.1 and its key (P-256), written to `dir` as
 * `<name>.pem` and `<name>-key.pem`; clients trust it by passing the certificate as their `ca`.
 */
export function makeCertificate(dir: string, name = 'cert'): { certificate: string; key: string } {
  const certificate = join(dir, `${name}.pem`)
  const key = join(dir, `${name}-key.pem`)
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-nodes', '-days', '2', '-newkey', 'ec'],
      ...['-pkeyopt', 'ec_paramgen_curve:prime256v1', '-keyout', key, '-out', certificate],
      ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  )
  return { certificate, key }
}

/** Whether `url` answers 200 over HTTPS to a client trusting `ca` (false on any error). */
export function answersOverHttps(url: string, ca: string): Promise<boolean> {
  return new Promise((resolve) => {
    httpsGet(url, { ca, agent: false }, (response) => {
      response.resume()
      resolve(response.statusCode === 200)
    }).on('error', () => resolve(false))
  })
}
