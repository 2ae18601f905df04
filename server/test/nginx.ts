import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../scripts/free-port.mjs'
import { answersOverHttps, hasOpenssl, makeCertificate } from './certificate'

/** Whether nginx can run here with the example's HTTPS: nginx, and openssl to make its certificate. */
export const hasNginx = () => {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' })
    return hasOpenssl()
  } catch {
    return false
  }
}

/**
 * Runs nginx with the shipped example (deploy/nginx/vibeconnect.conf), its upstreams pointed at
 * the given instance ports, so the example configuration itself is what the test exercises. Its
 * HTTPS server gets a self-signed certificate made for the run (`ca`, for clients to trust).
 */
export async function startNginx(upstreamPorts: number[]) {
  const dir = mkdtempSync(join(tmpdir(), 'vibeconnect-nginx-'))
  mkdirSync(join(dir, 'logs'))
  const [port, httpPort] = [await freePort(), await freePort()]
  const { certificate, key } = makeCertificate(dir)
  const example = readFileSync('deploy/nginx/vibeconnect.conf', 'utf8')
  const servers = upstreamPorts.map(
    (p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`,
  )
  const site = example
    .replace(/( {4}server 127\.0\.0\.1:\d+ [^\n]*\n)+/, `${servers.join('\n')}\n`)
    .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`)
    .replace('/etc/ssl/vibeconnect/fullchain.pem', certificate)
    .replace('/etc/ssl/vibeconnect/privkey.pem', key)
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/logs/error.log warn;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${dir};\n  proxy_temp_path ${dir};\n${site}\n}\n`,
  )
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: 'ignore',
  })
  const url = `https://127.0.0.1:${port}`
  const ca = readFileSync(certificate, 'utf8')
  const healthy = () => answersOverHttps(`${url}/healthz`, ca)
  for (let i = 0; i < 100 && !(await healthy()); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    /** The HTTPS (HTTP/2) address. */
    url,
    /** The plain HTTP address, which only redirects to HTTPS. */
    httpUrl: `http://127.0.0.1:${httpPort}`,
    /** The certificate to trust for `url`. */
    ca,
    errorLog: () =>
      existsSync(join(dir, 'logs/error.log'))
        ? readFileSync(join(dir, 'logs/error.log'), 'utf8')
        : '',
    async stop() {
      child.kill('SIGQUIT')
      await new Promise((resolve) => child.once('exit', resolve))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
