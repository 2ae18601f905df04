import { beforeAll, describe, expect, it } from 'vitest'
import { rawExchange } from '../test/raw-http'
import { useTestApp } from '../test/test-app'
import { securityHeaders } from './security-headers'

/** The header lines of a raw answer, names in lower case. */
function headersOf(received: string): Map<string, string> {
  const head = received.split('\r\n\r\n')[0] ?? ''
  const lines = head.split('\r\n').slice(1)
  return new Map(
    lines.map((line) => {
      const colon = line.indexOf(':')
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()]
    }),
  )
}

// Node answers these before Fastify (and so before any hook) sees a request.
describe('answers on the raw socket (400, 408, 431)', () => {
  let port: number
  const t = useTestApp({ HTTP_HEADERS_TIMEOUT_MS: '300', HTTP_REQUEST_TIMEOUT_MS: '600' })
  beforeAll(async () => {
    port = Number(new URL(await t.listen()).port)
  })

  it('carry the same security headers as every other answer of the app', async () => {
    const expected = securityHeaders().map(([name, value]) => [name.toLowerCase(), value] as const)
    const normal = await t.app.inject('/healthz')
    for (const [name, value] of expected) expect(normal.headers[name], name).toBe(value)
    expect(expected.map(([name]) => name)).toContain('content-security-policy')

    const answers = {
      400: await rawExchange(port, 'GET / HTTP/1.1\r\nHost x\r\n\r\n'),
      408: await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n', {
        pieces: Array.from({ length: 100 }, (_, i) => `X-Slow-${i}: a\r\n`),
      }),
      431: await rawExchange(
        port,
        `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      ),
    }
    for (const [status, answer] of Object.entries(answers)) {
      expect(answer.status).toBe(Number(status))
      const headers = headersOf(answer.received)
      for (const [name, value] of expected)
        expect(headers.get(name), `${status} ${name}`).toBe(value)
    }
  })
})
