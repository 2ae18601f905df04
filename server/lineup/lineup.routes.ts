import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { LineupFailureSchema, LineupResponseSchema } from '../../shared/lineup/lineup.schema'
import { AppError } from '../http/app-error'
import type { ShortLivedMemo } from '../http/short-lived-memo'
import { ifNoneMatchHits } from './if-none-match'
import { presentLineup } from './lineup.presenter'
import { findLineupSnapshot } from './lineup.repository'
import { sendLineupFailure } from './lineup-error-handler'

/**
 * How stale the ETag a 304 is decided on may be. This instance's own lineup writes drop it at
 * once; another writer's (another instance, `lineup:import`) reach every instance within this.
 */
export const LINEUP_ETAG_MAX_AGE_MS = 1000

export interface LineupRoutesOptions {
  /** The stored lineup's ETag, remembered briefly: most requests are an unchanged lineup's 304. */
  currentEtag: ShortLivedMemo<void, string | undefined>
}

/**
 * `GET /api/lineup`: the lineup in the spec's envelope, public. Browsers revalidate every time
 * (`no-cache`) and an unchanged lineup answers 304 without a body.
 */
export async function lineupRoutes(
  app: FastifyInstance,
  { currentEtag }: LineupRoutesOptions,
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
        const etag = await currentEtag.get()
        if (etag && ifNoneMatchHits(ifNoneMatch, etag)) {
          return reply.header('ETag', etag).code(304).send(undefined)
        }
      }
      // Read whole, and tagged with what was read: the lineup may have changed since the ETag.
      const snapshot = await findLineupSnapshot(app.ctx.database)
      if (!snapshot) {
        throw new AppError(503, 'lineup_unavailable', 'The lineup has not been published yet')
      }
      reply.header('ETag', snapshot.etag)
      return presentLineup(snapshot)
    },
  )
}
