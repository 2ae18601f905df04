import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  GameStateSchema,
  InviteAcceptInputSchema,
  InviteAcceptSchema,
  StageCheckInInputSchema,
  StageCheckInSchema,
} from '../../shared/game/game.schema'
import { requestMeta } from '../auth/request-meta'
import { guardDataArea } from '../auth/require-user'
import { dataErrors } from '../http/error-schemas'

/** My game, stage check-ins and invites: signed-in users only (docs/game.md). */
export async function gameRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { game } = app.ctx
  const caller = guardDataArea(app)

  app.get(
    '/api/game',
    { schema: { response: { 200: GameStateSchema, ...dataErrors } } },
    (request) => game.state(caller(request), requestMeta(request).siteUrl),
  )

  app.post(
    '/api/game/check-ins',
    {
      schema: {
        body: StageCheckInInputSchema,
        response: { 200: StageCheckInSchema, ...dataErrors },
      },
    },
    (request) => game.checkIn(caller(request), request.body.code, requestMeta(request).siteUrl),
  )

  app.post(
    '/api/game/invites',
    {
      schema: {
        body: InviteAcceptInputSchema,
        response: { 200: InviteAcceptSchema, ...dataErrors },
      },
    },
    async (request) => ({ accepted: await game.acceptInvite(caller(request), request.body.code) }),
  )
}
