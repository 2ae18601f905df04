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

/** `freePorts` for code that cannot wait, such as a config file: asks a short-lived child process. */
export function freePortsSync(count) {
  const script = `import { freePorts } from ${JSON.stringify(import.meta.url)}
console.log(JSON.stringify(await freePorts(${Number(count)})))`
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  })
  return JSON.parse(output)
}
