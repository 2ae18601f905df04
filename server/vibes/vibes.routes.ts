import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorEnvelopeSchema } from '../../shared/api/error-envelope'
import {
  type FeedPage,
  FeedPageSchema,
  FeedQuerySchema,
  MyVibeSchema,
  type UserCount,
  UserCountSchema,
  VibeIdParamsSchema,
  VibeInputSchema,
  VibeResponseSchema,
} from '../../shared/vibes/vibe.schema'
import type { AuthUser } from '../auth/auth-service'
import { requireUser } from '../auth/require-user'
import { readUserCount } from '../auth/users.repository'
import { ResponseCache } from '../http/response-cache'
import { decodeFeedCursor, encodeFeedCursor } from './feed-cursor'
import { presentVibe } from './vibes.presenter'
import { type FeedPosition, findVibeByUser, listFeedPage } from './vibes.repository'
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
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('Cache-Control', 'no-store')
    done(null, payload)
  })

  const readFeedPage = async (limit: number, after?: FeedPosition) => {
    const rows = await listFeedPage(database.db, { after, limit })
    const page = rows.slice(0, limit)
    const last = page.at(-1)
    return {
      vibes: page.map(presentVibe),
      nextCursor: rows.length > limit && last ? encodeFeedCursor(last) : null,
    }
  }
  // The first feed page and the user count are the same for everyone until something changes:
  // read once, served as text (ADR 010).
  const firstPage = new ResponseCache(
    FeedPageSchema,
    (limit: number) => readFeedPage(limit),
    app.ctx.now,
  )
  const userCount = new ResponseCache(
    UserCountSchema,
    async () => ({ count: await readUserCount(database.db) }),
    app.ctx.now,
  )
  // Other instances' writes arrive through the bus; a resync means some may have been missed.
  const stopWatching = app.ctx.changes.subscribe((event) => {
    if (event.type === 'vibe' || event.type === 'resync') firstPage.invalidate()
    if (event.type === 'user-count' || event.type === 'resync') userCount.invalidate()
  })
  app.addHook('onClose', async () => stopWatching())

  app.get(
    '/api/vibes',
    { schema: { querystring: FeedQuerySchema, response: { 200: FeedPageSchema, ...errors } } },
    async (request, reply) => {
      const { cursor, limit } = request.query
      if (cursor === undefined) {
        // Already JSON, checked against FeedPageSchema when it was built: Fastify sends a string
        // with a JSON content type as it is, without serializing it again.
        const body = await firstPage.get(limit)
        return reply.type('application/json; charset=utf-8').send(body as unknown as FeedPage)
      }
      return readFeedPage(limit, decodeFeedCursor(cursor))
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
      // Now, not when the bus's notification comes back: the writer reads its own write.
      firstPage.invalidate()
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
      firstPage.invalidate()
      return { vibe: presentVibe(row) }
    },
  )

  app.get(
    '/api/users/count',
    { schema: { response: { 200: UserCountSchema, ...errors } } },
    async (_request, reply) => {
      const body = await userCount.get('all')
      return reply.type('application/json; charset=utf-8').send(body as unknown as UserCount)
    },
  )
}
