import type { Socket } from 'node:net'
import type { TLSSocket, Server as TlsServer } from 'node:tls'

/**
 * Connections of the app's own HTTPS that have not finished their TLS handshake. Node's HTTP
 * timeouts (slowloris: headers, request) only start once it is done, and a closing server waits
 * for these like for any connection: a phone that opened a connection and went silent (or a
 * client sending nothing on purpose) would hold its socket for Node's 120 s default and keep a
 * shutdown waiting past its grace. So the handshake gets the headers timeout, and the sockets
 * still in it are ended when the app closes.
 */
export function trackTlsHandshakes(server: TlsServer): { endPending(): void } {
  const pending = new Map<string, Socket>()
  const key = (socket: Socket) => `${socket.remoteAddress}|${socket.remotePort}`
  server.on('connection', (socket: Socket) => {
    const id = key(socket)
    pending.set(id, socket)
    socket.once('close', () => {
      if (pending.get(id) === socket) pending.delete(id)
    })
  })
  server.on('secureConnection', (socket: TLSSocket) => {
    pending.delete(key(socket))
  })
  return {
    endPending() {
      for (const socket of pending.values()) socket.destroy()
      pending.clear()
    },
  }
}
