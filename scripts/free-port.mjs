// Free loopback ports, chosen by the OS at run time, so no suite depends on a fixed port that
// someone else may hold. Used by npm test, the browser suite, the server tests and the bench.
import { execFileSync } from 'node:child_process'
import { createServer } from 'node:net'

/** `count` distinct free TCP ports on 127.0.0.1: all held at once, then released. */
export async function freePorts(count) {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const server = createServer()
          server.once('error', reject)
          server.listen(0, '127.0.0.1', () => resolve(server))
        }),
    ),
  )
  const ports = servers.map((server) => server.address().port)
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  return ports
}

/** One free TCP port on 127.0.0.1. */
export async function freePort() {
  const [port] = await freePorts(1)
  return port
}

/** Of `ports`, those on which 127.0.0.1 cannot listen now (someone else holds them). */
export async function portsInUse(ports) {
  const inUse = []
  for (const port of ports) {
    const free = await new Promise((resolve) => {
      const server = createServer()
      server.once('error', () => resolve(false))
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
    })
    if (!free) inUse.push(port)
  }
  return inUse
}

/** `freePorts` for code that cannot wait, such as a config file: asks a short-lived child process. */
export function freePortsSync(count) {
  return inChildProcess(`freePorts(${Number(count)})`)
}

/** `portsInUse` for code that cannot wait. */
export function portsInUseSync(ports) {
  return inChildProcess(`portsInUse(${JSON.stringify(ports.map(Number))})`)
}

function inChildProcess(call) {
  const script = `import * as ports from ${JSON.stringify(import.meta.url)}
console.log(JSON.stringify(await ports.${call}))`
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  })
  return JSON.parse(output)
}
