import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  BlockedParamsSchema,
  BlockInputSchema,
  BlockListSchema,
} from '../../shared/blocks/blocks.schema'
import { guardDataArea } from '../auth/require-user'
import { dataErrors } from '../http/error-schemas'

const noContent = { 204: z.undefined(), ...dataErrors }

/** My blocks (docs/privacy.md): signed-in users only; each acts on the caller's own blocks. */
export async function blocksRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { blocks } = app.ctx
  const caller = guardDataArea(app)

  app.get(
    '/api/blocks',
    { schema: { response: { 200: BlockListSchema, ...dataErrors } } },
    (request) => blocks.list(caller(request)),
  )

  // Blocking twice, or lifting a block that is not there, changes nothing: retries are safe.
  app.post(
    '/api/blocks',
    { schema: { body: BlockInputSchema, response: noContent } },
    async (request, reply) => {
      await blocks.block(caller(request), request.body.userId)
      return reply.status(204).send()
    },
  )

  app.delete(
    '/api/blocks/:userId',
    { schema: { params: BlockedParamsSchema, response: noContent } },
    async (request, reply) => {
      await blocks.unblock(caller(request), request.params.userId)
      return reply.status(204).send()
    },
  )
}
