import { type ChildProcess, spawn } from 'node:child_process'
import { freePort } from '../../scripts/free-port.mjs'
import { answersOverHttps } from './certificate'

export interface ServerProcess {
  url: string
  port: number
  child: ChildProcess
  output: () => string
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/**
 * Starts the real server (`server/main.ts`) as its own process and waits until it is ready.
 * `ca`: it serves HTTPS itself (TLS_CERT_FILE in `env`) with a certificate signed by this.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { ca }: { ca?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `${ca ? 'https' : 'http'}://127.0.0.1:${port}`,
      CLIENT_DIST_DIR: './dist/does-not-exist',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const url = `${ca ? 'https' : 'http'}://127.0.0.1:${port}`
  const deadline = Date.now() + 20_000
  let ready = false
  while (!ready) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not become ready in 20 s:\n${output}`)
    }
    ready = ca
      ? await answersOverHttps(`${url}/readyz`, ca)
      : await fetch(`${url}/readyz`).then(
          (response) => response.ok,
          () => false,
        )
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    port,
    child,
    output: () => output,
    stop(signal = 'SIGTERM') {
      // Gone already (it exited, or a signal killed it, when exitCode stays null): its 'exit'
      // event has fired, and waiting for it would wait forever.
      if (child.exitCode !== null || child.signalCode !== null) {
        return Promise.resolve(child.exitCode)
      }
      return new Promise((resolve) => {
        child.once('exit', (code) => resolve(code))
        child.kill(signal)
      })
    },
  }
}
