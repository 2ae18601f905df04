import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorEnvelopeSchema } from '../../shared/api/error-envelope'
import {
  FeedPageSchema,
  FeedQuerySchema,
  MyVibeSchema,
  UserCountSchema,
  VibeIdParamsSchema,
  VibeInputSchema,
  VibeResponseSchema,
} from '../../shared/vibes/vibe.schema'
import type { AuthUser } from '../auth/auth-service'
import { requireUser } from '../auth/require-user'
import { readUserCount } from '../auth/users.repository'
import { decodeFeedCursor, encodeFeedCursor } from './feed-cursor'
import { presentVibe } from './vibes.presenter'
import { findVibeByUser, listFeedPage } from './vibes.repository'
import { createVibe, updateOwnVibe } from './vibes.service'

// The shared schema strips unknown keys (forms may carry extras); the API refuses each by name,
// so a typo like `stauts` is a 400 on that field rather than a silently ignored value.
const knownFields = new Set(Object.keys(VibeInputSchema.shape))
const VibeBodySchema = VibeInputSchema.catchall(z.unknown()).check((ctx) => {
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
const errors = { '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema }

/** The data API for vibes and the user count: signed-in users only. */
export async function vibesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { database } = app.ctx
  const deps = { ...app.ctx, log: app.log }

  // One guard for the whole area, before the body is parsed or validated: a caller without a
  // valid session learns nothing but 401.
  const callers = new WeakMap<FastifyRequest, AuthUser>()
  app.addHook('onRequest', async (request) => {
    callers.set(request, await requireUser(request))
  })
  const caller = (request: FastifyRequest) => callers.get(request)!
  // Personal, changing data: never cached by browsers or proxies.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store')
  })

  app.get(
    '/api/vibes',
    { schema: { querystring: FeedQuerySchema, response: { 200: FeedPageSchema, ...errors } } },
    async (request) => {
      const { cursor, limit } = request.query
      const after = cursor === undefined ? undefined : decodeFeedCursor(cursor)
      const rows = await listFeedPage(database.db, { after, limit })
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      return {
        vibes: page.map(presentVibe),
        nextCursor: rows.length > limit && last ? encodeFeedCursor(last) : null,
      }
    },
  )

  app.get(
    '/api/vibes/mine',
    { schema: { response: { 200: MyVibeSchema, ...errors } } },
    async (request) => {
      const user = caller(request)
      const row = await findVibeByUser(database.db, user.id)
      return { vibe: row ? presentVibe(row) : null }
    },
  )

  app.post(
    '/api/vibes',
    { schema: { body: VibeBodySchema, response: { 201: VibeResponseSchema, ...errors } } },
    async (request, reply) => {
      const user = caller(request)
      const row = await createVibe(deps, user, request.body)
      return reply.status(201).send({ vibe: presentVibe(row) })
    },
  )

  app.patch(
    '/api/vibes/:id',
    {
      schema: {
        params: VibeIdParamsSchema,
        body: VibeBodySchema,
        response: { 200: VibeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = caller(request)
      const row = await updateOwnVibe(deps, user, request.params.id, request.body)
      return { vibe: presentVibe(row) }
    },
  )

  app.get(
    '/api/users/count',
    { schema: { response: { 200: UserCountSchema, ...errors } } },
    async () => ({ count: await readUserCount(database.db) }),
  )
}
