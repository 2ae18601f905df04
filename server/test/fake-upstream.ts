import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

export type UpstreamHandler = (request: IncomingMessage, response: ServerResponse) => void

/** A local HTTP server standing in for the organiser's lineup URL in tests. */
export async function startFakeUpstream() {
  const requests: IncomingMessage[] = []
  let handler: UpstreamHandler = (_request, response) => response.writeHead(404).end()
  const server = createServer((request, response) => {
    requests.push(request)
    handler(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('fake upstream has no port')
  return {
    url: `http://127.0.0.1:${address.port}/lineup.json`,
    requests,
    /** Sets how the next requests are answered. */
    answer(next: UpstreamHandler) {
      handler = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A handler answering a JSON body with the given status and headers. */
export function json(
  body: unknown,
  headers: Record<string, string> = {},
  status = 200,
): UpstreamHandler {
  return (_request, response) => {
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers })
    response.end(typeof body === 'string' ? body : JSON.stringify(body))
  }
}
