import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { freePort } from '../../scripts/free-port.mjs'
import { answersOverHttps } from '../../server/test/certificate'
import { E2E_TMP_DIR, serverSettings } from './servers'

/**
 * A server of the story's own (the shared ones must stay up for the other stories), which the
 * story may stop and start again. It keeps its port and its SQLite file across restarts, as a
 * real one would; the port is a free one, picked now. With `tls`, it serves HTTPS itself with
 * that certificate and key (ADR 041), and `baseURL` is its https address.
 */
export async function ownServer(
  name: string,
  extraEnv: Record<string, string> = {},
  { tls }: { tls?: { certificate: string; key: string } } = {},
) {
  const port = await freePort()
  const databaseUrl = `sqlite:${E2E_TMP_DIR}/${name}/app.db`
  const https = tls && {
    TLS_CERT_FILE: tls.certificate,
    TLS_KEY_FILE: tls.key,
    PUBLIC_URL: `https://127.0.0.1:${port}`,
  }
  const settings = serverSettings(port, name, databaseUrl, { ...extraEnv, ...https })
  const baseURL = tls ? `https://127.0.0.1:${port}` : settings.baseURL
  const ca = tls && readFileSync(tls.certificate, 'utf8')
  rmSync(`${E2E_TMP_DIR}/${name}`, { recursive: true, force: true })
  let child: ChildProcess | undefined

  async function start(): Promise<void> {
    child = spawn(process.execPath, ['dist/server/main.js'], {
      env: { ...process.env, ...settings.env },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    const deadline = Date.now() + 15_000
    while (Date.now() < deadline) {
      const ready = ca
        ? await answersOverHttps(`${baseURL}/readyz`, ca)
        : await fetch(`${baseURL}/readyz`).then(
            (response) => response.ok,
            () => false,
          )
      if (ready) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`the story's own server on port ${port} did not get ready`)
  }

  /** Ends the process at once, the way a crash or a pulled plug would. */
  async function kill(): Promise<void> {
    const running = child
    if (!running || running.exitCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGKILL')
    await exited
  }

  return { baseURL, outboxDir: settings.outboxDir, databaseUrl, start, kill }
}
