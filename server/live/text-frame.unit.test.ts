import { describe, expect, it } from 'vitest'
import * as ws from 'ws'
import { textFrame } from './text-frame'

// `ws` exports its Sender and Receiver without types: the reference framing and parsing.
interface WsInternals {
  Sender: { frame(data: Buffer, options: object): Buffer[] }
  Receiver: new (
    options: object,
  ) => NodeJS.WritableStream & {
    on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void
  }
}
const { Sender, Receiver } = ws as unknown as WsInternals

describe('textFrame', () => {
  // The three length encodings of RFC 6455 §5.2: 7 bits, 16 bits, 64 bits.
  it.each([0, 5, 125, 126, 65_535, 65_536, 200_000])(
    'frames %i bytes exactly as ws does',
    (size) => {
      const payload = Buffer.alloc(size, 'a')
      const reference = Buffer.concat(
        Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false }),
      )
      expect(textFrame(payload).equals(reference)).toBe(true)
    },
  )

  it('is read back by a WebSocket client as the same text message', async () => {
    const receiver = new Receiver({ isServer: false })
    const messages: string[] = []
    receiver.on('message', (data, isBinary) => messages.push(`${isBinary}:${data.toString()}`))
    const text = JSON.stringify({ type: 'vibe', status: 'ünïcode 🎉'.repeat(20) })
    await new Promise((resolve) => receiver.write(textFrame(Buffer.from(text)), resolve))
    expect(messages).toEqual([`false:${text}`])
  })
})
