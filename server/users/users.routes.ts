import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { type UserCount, UserCountSchema } from '../../shared/vibes/vibe.schema'
import { guardDataArea } from '../auth/require-user'
import { dataErrors } from '../http/error-schemas'

/** `GET /api/users/count`: how many people signed up (signed-in users only). */
export async function usersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { userCount } = app.ctx
  guardDataArea(app)

  app.get(
    '/api/users/count',
    { schema: { response: { 200: UserCountSchema, ...dataErrors } } },
    async (_request, reply) => {
      const body = await userCount.json()
      return reply.type('application/json; charset=utf-8').send(body as unknown as UserCount)
    },
  )
}
