import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { freePort } from '../../scripts/free-port.mjs'
import { E2E_TMP_DIR, serverSettings } from './servers'

/**
 * A server of the story's own (the shared ones must stay up for the other stories), which the
 * story may stop and start again. It keeps its port and its SQLite file across restarts, as a
 * real one would; the port is a free one, picked now.
 */
export async function ownServer(name: string, extraEnv: Record<string, string> = {}) {
  const port = await freePort()
  const databaseUrl = `sqlite:${E2E_TMP_DIR}/${name}/app.db`
  const settings = serverSettings(port, name, databaseUrl, extraEnv)
  rmSync(`${E2E_TMP_DIR}/${name}`, { recursive: true, force: true })
  let child: ChildProcess | undefined

  async function start(): Promise<void> {
    child = spawn(process.execPath, ['dist/server/main.js'], {
      env: { ...process.env, ...settings.env },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    const deadline = Date.now() + 15_000
    while (Date.now() < deadline) {
      const ready = await fetch(`${settings.baseURL}/readyz`).catch(() => undefined)
      if (ready?.ok) return
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

  return { baseURL: settings.baseURL, outboxDir: settings.outboxDir, databaseUrl, start, kill }
}
