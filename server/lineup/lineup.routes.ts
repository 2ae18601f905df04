import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { LineupFailureSchema, LineupResponseSchema } from '../../shared/lineup/lineup.schema'
import { AppError } from '../http/app-error'
import { type EncodedBody, encodeBody, sendEncodedJson } from '../http/encoded-body'
import { ifNoneMatchHits } from '../http/if-none-match'
import { presentLineup } from './lineup.presenter'
import type { LineupService } from './lineup.service'
import { sendLineupFailure } from './lineup-error-handler'
import type { LineupSnapshot } from './lineup-snapshot'

export interface LineupRoutesOptions {
  lineup: LineupService
}

/**
 * `GET /api/lineup`: the lineup in the spec's envelope, public. Browsers revalidate every time
 * (`no-cache`) and an unchanged lineup answers 304 without a body.
 */
export async function lineupRoutes(
  app: FastifyInstance,
  { lineup }: LineupRoutesOptions,
): Promise<void> {
  // This plugin is encapsulated, so the handler only covers the lineup's own routes.
  app.setErrorHandler(sendLineupFailure)
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/lineup',
    {
      schema: {
        response: {
          200: LineupResponseSchema,
          304: z.undefined().describe('Not modified: the lineup still has the ETag sent'),
          '4xx': LineupFailureSchema,
          '5xx': LineupFailureSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-cache')
      const ifNoneMatch = request.headers['if-none-match']
      if (ifNoneMatch) {
        const etag = await lineup.currentEtag()
        if (etag && ifNoneMatchHits(ifNoneMatch, etag)) {
          // Vary as on the 200 it stands for (each encoding of one version shares its ETag).
          return reply
            .header('ETag', etag)
            .header('Vary', 'Accept-Encoding')
            .code(304)
            .send(undefined)
        }
      }
      // Read whole, and tagged with what was read: the lineup may have changed since the ETag.
      const snapshot = await lineup.current()
      if (!snapshot) {
        throw new AppError(503, 'lineup_unavailable', 'The lineup has not been published yet')
      }
      reply.header('ETag', snapshot.etag)
      return sendEncodedJson(request, reply, encoded(snapshot))
    },
  )

  // The lineup as sent, compressed once per version (it changes a few times a festival).
  let last: { etag: string; body: EncodedBody } | undefined
  const encoded = (snapshot: LineupSnapshot): EncodedBody => {
    if (last?.etag !== snapshot.etag) {
      // Checked against the answer's schema once per version, as Fastify would on every send.
      const answer = LineupResponseSchema.parse(presentLineup(snapshot))
      last = { etag: snapshot.etag, body: encodeBody(JSON.stringify(answer)) }
    }
    return last.body
  }
}
