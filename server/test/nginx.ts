import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../scripts/free-port.mjs'

export const hasNginx = () => {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/**
 * Runs nginx with the shipped example (deploy/nginx/vibeconnect.conf), its upstreams pointed at
 * the given instance ports, so the example configuration itself is what the test exercises.
 */
export async function startNginx(upstreamPorts: number[]) {
  const dir = mkdtempSync(join(tmpdir(), 'vibeconnect-nginx-'))
  mkdirSync(join(dir, 'logs'))
  const port = await freePort()
  const example = readFileSync('deploy/nginx/vibeconnect.conf', 'utf8')
  const servers = upstreamPorts.map(
    (p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`,
  )
  const site = example
    .replace(/( {4}server 127\.0\.0\.1:\d+ [^\n]*\n)+/, `${servers.join('\n')}\n`)
    .replace('listen 8080;', `listen 127.0.0.1:${port};`)
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/logs/error.log warn;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${dir};\n  proxy_temp_path ${dir};\n${site}\n}\n`,
  )
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: 'ignore',
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 100; i += 1) {
    if (
      await fetch(`${url}/healthz`).then(
        () => true,
        () => false,
      )
    )
      break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
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
