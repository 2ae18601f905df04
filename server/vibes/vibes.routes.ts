import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  type FeedPage,
  FeedPageSchema,
  FeedQuerySchema,
  MyVibeSchema,
  VibeIdParamsSchema,
  VibeInputSchema,
  VibeResponseSchema,
} from '../../shared/vibes/vibe.schema'
import { vibeVersionTag } from '../../shared/vibes/vibe-version'
import { guardDataArea } from '../auth/require-user'
import { dataErrors } from '../http/error-schemas'

// The shared schema strips unknown keys (forms may carry extras); the API refuses each by name,
// so a typo like `stauts` is a 400 on that field rather than a silently ignored value.
const knownFields = new Set(Object.keys(VibeInputSchema.shape))
const VibeBodySchema = z
  .object(VibeInputSchema.shape)
  .catchall(z.unknown())
  .check((ctx) => {
    for (const key of Object.keys(ctx.value)) {
      if (knownFields.has(key)) continue
      ctx.issues.push({
        code: 'custom',
        path: [key],
        message: 'This field is not allowed',
        input: ctx.value,
      })
    }
  })
/** The data API for vibes: signed-in users only. */
export async function vibesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { vibes } = app.ctx
  const caller = guardDataArea(app)

  app.get(
    '/api/vibes',
    { schema: { querystring: FeedQuerySchema, response: { 200: FeedPageSchema, ...dataErrors } } },
    async (request, reply) => {
      const { cursor, limit } = request.query
      const viewer = caller(request).id
      if (cursor !== undefined) return vibes.pageAfter(cursor, limit, viewer)
      // Already JSON: Fastify sends a string with a JSON content type as it is.
      const body = await vibes.firstPageJson(limit, viewer)
      return reply.type('application/json; charset=utf-8').send(body as unknown as FeedPage)
    },
  )

  app.get(
    '/api/vibes/mine',
    { schema: { response: { 200: MyVibeSchema, ...dataErrors } } },
    async (request, reply) => {
      const vibe = await vibes.mine(caller(request))
      if (vibe) reply.header('ETag', vibeVersionTag(vibe.updatedAt))
      return { vibe }
    },
  )

  app.post(
    '/api/vibes',
    { schema: { body: VibeBodySchema, response: { 201: VibeResponseSchema, ...dataErrors } } },
    async (request, reply) => {
      const vibe = await vibes.create(caller(request), request.body)
      return reply.status(201).header('ETag', vibeVersionTag(vibe.updatedAt)).send({ vibe })
    },
  )

  app.patch(
    '/api/vibes/:id',
    {
      schema: {
        params: VibeIdParamsSchema,
        body: VibeBodySchema,
        response: { 200: VibeResponseSchema, ...dataErrors },
      },
    },
    async (request, reply) => {
      const { params, body, headers } = request
      const vibe = await vibes.update(caller(request), params.id, body, headers['if-match'])
      return reply.header('ETag', vibeVersionTag(vibe.updatedAt)).send({ vibe })
    },
  )
}
