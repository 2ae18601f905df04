import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * One answer that many clients share (the lineup), compressed once and kept, rather than per
 * request: 400 sets are ~64 KB of JSON and ~6 KB in brotli, a round trip's worth on a festival
 * field's network.
 */
export interface EncodedBody {
  identity: Buffer
  br: Buffer
  gzip: Buffer
}

const ENCODINGS = ['br', 'gzip', 'identity'] as const

export function encodeBody(text: string): EncodedBody {
  const identity = Buffer.from(text)
  return {
    identity,
    // Quality 9: most of 11's savings at a fraction of its time, once per version.
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  }
}

/** Sends `body` as JSON in the best encoding the client accepts (as it is, if none). */
export function sendEncodedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
): FastifyReply {
  const accepted = request.headers['accept-encoding']
  const encoding = (accepted && negotiate(accepted, [...ENCODINGS])) || 'identity'
  reply.header('Vary', 'Accept-Encoding').type('application/json; charset=utf-8')
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding)
  return reply.send(body[encoding])
}
