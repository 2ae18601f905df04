import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { frameSinkOf, type LiveSocket } from './live-socket'
import { textFrame } from './text-frame'

// The fan-out writes prebuilt frames to a `ws` socket's private stream (ADR 011 and its issue-16
// addendum: about 10 % less CPU per broadcast than ws.send). That relies on details of the exact
// `ws` release we pin; these tests fail if an upgrade changes them, instead of frames going wrong.
describe('the fan-out and the ws release it is built on', () => {
  let server: WebSocketServer | undefined
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  )

  async function connectedPair() {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false })
    await new Promise((resolve) => server!.once('listening', resolve))
    const accepted = new Promise<WebSocket>((resolve) => server!.once('connection', resolve))
    const { port } = server.address() as AddressInfo
    const client = new WebSocket(`ws://127.0.0.1:${port}`)
    await new Promise((resolve, reject) => {
      client.once('open', resolve)
      client.once('error', reject)
    })
    return { client, socket: await accepted }
  }

  it('is the ws that Fastify’s websocket plugin uses, pinned to one exact release', () => {
    const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'))
    expect(dependencies.ws).toMatch(/^\d+\.\d+\.\d+$/)
    const require = createRequire(import.meta.url)
    const pluginWs = createRequire(require.resolve('@fastify/websocket'))('ws/package.json')
    expect(pluginWs.version).toBe(dependencies.ws)
  })

  it('finds the stream of a real socket, and a frame written there arrives as one message', async () => {
    const { client, socket } = await connectedPair()
    const sink = frameSinkOf(socket as unknown as LiveSocket)
    expect(sink).toBeDefined()
    const received = new Promise<string>((resolve) =>
      client.once('message', (data) => resolve(data.toString())),
    )
    sink!.write(textFrame(Buffer.from('{"type":"ping"}')))
    expect(await received).toBe('{"type":"ping"}')
    client.close()
  })

  it('counts what we wrote in bufferedAmount while the client does not read', async () => {
    const { client, socket } = await connectedPair()
    ;(client as unknown as { _socket: { pause(): void } })._socket.pause()
    const sink = frameSinkOf(socket as unknown as LiveSocket)!
    const frame = textFrame(Buffer.alloc(64 * 1024, 'a'))
    for (let i = 0; i < 64; i++) sink.write(frame)
    // The slow-client cap reads bufferedAmount: it must see our writes (beyond what the kernel
    // took), not only ws's own.
    expect(socket.bufferedAmount).toBeGreaterThan(frame.length)
    client.terminate()
  })

  it('is not used when an extension is negotiated (ws would transform and queue frames)', async () => {
    const { client, socket } = await connectedPair()
    expect(
      frameSinkOf({ ...socket, extensions: 'permessage-deflate' } as unknown as LiveSocket),
    ).toBeUndefined()
    client.close()
  })
})
