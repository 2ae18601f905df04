/**
 * One unmasked, unfragmented WebSocket text frame (RFC 6455 §5.2), the way a server sends it:
 * header and payload in one buffer, so each socket gets one write instead of `ws`'s two.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.byteLength
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10
  const frame = Buffer.allocUnsafe(headerLength + length)
  frame[0] = 0x81 // FIN, opcode 1 (text); no RSV bits: no extension is in use
  if (length < 126) {
    frame[1] = length
  } else if (length < 65_536) {
    frame[1] = 126
    frame.writeUInt16BE(length, 2)
  } else {
    frame[1] = 127
    frame.writeBigUInt64BE(BigInt(length), 2)
  }
  payload.copy(frame, headerLength)
  return frame
}

/** A protocol ping with no payload (opcode 9): browsers answer it by themselves. */
export const PING_CONTROL_FRAME = Buffer.from([0x89, 0x00])
