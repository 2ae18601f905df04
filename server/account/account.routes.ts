import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DeleteAccountSchema } from '../../shared/account/account.schema'
import { requestMeta } from '../auth/request-meta'
import { guardDataArea } from '../auth/require-user'
import { dataErrors } from '../http/error-schemas'

/** My account (docs/privacy.md): delete it, or download everything stored about me. */
export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { account } = app.ctx
  const caller = guardDataArea(app)

  app.delete(
    '/api/account',
    {
      schema: {
        // No body at all: a sign-in a few minutes ago is the proof.
        body: DeleteAccountSchema.nullish(),
        response: { 204: z.undefined(), ...dataErrors },
      },
    },
    async (request, reply) => {
      await account.deleteMine(caller(request), request.body ?? {}, requestMeta(request))
      return reply.status(204).send()
    },
  )

  // Each section lists the fields it shows (the features' personal-data presenters); the whole
  // goes out as a file to keep.
  app.get('/api/account/export', { schema: { response: dataErrors } }, async (request, reply) => {
    const data = await account.exportMine(caller(request))
    const day = data.exportedAt.slice(0, 10)
    return (
      reply
        .type('application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="vibeconnect-my-data-${day}.json"`)
        // Text already: the error schemas above are for failures only.
        .send(JSON.stringify(data, null, 2) as never)
    )
  })
}
