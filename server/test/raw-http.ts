import { connect } from 'node:net'

export interface RawExchange {
  /** Everything the server wrote, as text. */
  received: string
  /** The status of the first response, if one arrived. */
  status: number | undefined
  /** The JSON body of the first response, if it had one. */
  body: unknown
  /** Whether the server closed the connection before `giveUpMs`. */
  closedByServer: boolean
  /** How many of the dribbled pieces were written before the server hung up. */
  piecesSent: number
}

/**
 * Plays a client on a raw TCP socket: writes `first`, then one of `pieces` every `intervalMs`
 * (a slow client dribbling its request), until the server closes the connection or `giveUpMs`
 * passes. Lets tests send what no HTTP client library would: half requests, malformed lines.
 */
export function rawExchange(
  port: number,
  first: string,
  options: { pieces?: string[]; intervalMs?: number; giveUpMs?: number } = {},
): Promise<RawExchange> {
  const { pieces = [], intervalMs = 100, giveUpMs = 10_000 } = options
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    let received = ''
    let piecesSent = 0
    let timer: NodeJS.Timeout | undefined
    const finish = (closedByServer: boolean) => {
      clearInterval(timer)
      clearTimeout(giveUp)
      socket.destroy()
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]
      const bodyText = received.split('\r\n\r\n')[1]
      let body: unknown
      try {
        body = bodyText ? JSON.parse(bodyText) : undefined
      } catch {
        body = bodyText
      }
      resolve({
        received,
        status: status ? Number(status) : undefined,
        body,
        closedByServer,
        piecesSent,
      })
    }
    const giveUp = setTimeout(() => finish(false), giveUpMs)
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      received += chunk
    })
    socket.on('error', () => {})
    socket.on('close', () => finish(true))
    socket.on('connect', () => {
      socket.write(first)
      timer = setInterval(() => {
        const piece = pieces[piecesSent]
        if (piece === undefined || socket.destroyed) return clearInterval(timer)
        socket.write(piece)
        piecesSent += 1
      }, intervalMs)
    })
  })
}
