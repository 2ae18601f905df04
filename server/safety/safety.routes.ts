import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  LiftSuspensionInputSchema,
  RemoveVibeInputSchema,
  RestoreVibeInputSchema,
  SuspendInputSchema,
} from '../../shared/safety/moderation-input.schema'
import { ReportInputSchema } from '../../shared/safety/report-input.schema'
import {
  AuditPageSchema,
  AuditQuerySchema,
  LiftResultSchema,
  ModeratedVibeSchema,
  ModerationQueueSchema,
  ReportResultSchema,
  SuspensionResultSchema,
  UserIdParamsSchema,
} from '../../shared/safety/safety-responses.schema'
import { VibeIdParamsSchema } from '../../shared/vibes/vibe.schema'
import { guardDataArea } from '../auth/require-user'
import { dataErrors } from '../http/error-schemas'
import { MODERATORS, ORGANISERS } from './safety.service'

/** `POST /api/vibes/:id/reports`: any signed-in user reports a vibe that is not theirs. */
export async function reportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { safety } = app.ctx
  const caller = guardDataArea(app)

  app.post(
    '/api/vibes/:id/reports',
    {
      schema: {
        params: VibeIdParamsSchema,
        body: ReportInputSchema,
        response: { 200: ReportResultSchema, 201: ReportResultSchema, ...dataErrors },
      },
    },
    async (request, reply) => {
      const reported = await safety.report(caller(request), request.params.id, request.body)
      return reply.status(reported ? 201 : 200).send({ reported })
    },
  )
}

/**
 * The moderators' area (`/api/moderation`): a signed-in caller holding the moderator or organiser
 * role, read from the database on every request; the audit log needs the organiser role.
 */
export async function moderationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { safety } = app.ctx
  const caller = guardDataArea(app)
  app.addHook('onRequest', async (request) => {
    const organisersOnly = request.routeOptions.url === '/api/moderation/audit'
    await safety.requireRole(caller(request), organisersOnly ? ORGANISERS : MODERATORS)
  })

  app.get(
    '/api/moderation/queue',
    { schema: { response: { 200: ModerationQueueSchema, ...dataErrors } } },
    async () => safety.queue(),
  )

  app.post(
    '/api/moderation/vibes/:id/restore',
    {
      schema: {
        params: VibeIdParamsSchema,
        body: RestoreVibeInputSchema,
        response: { 200: ModeratedVibeSchema, ...dataErrors },
      },
    },
    async (request) => ({
      vibe: await safety.restore(caller(request), request.params.id, request.body?.reason),
    }),
  )

  app.post(
    '/api/moderation/vibes/:id/remove',
    {
      schema: {
        params: VibeIdParamsSchema,
        body: RemoveVibeInputSchema,
        response: { 200: ModeratedVibeSchema, ...dataErrors },
      },
    },
    async (request) => ({
      vibe: await safety.remove(caller(request), request.params.id, request.body.reason),
    }),
  )

  app.post(
    '/api/moderation/users/:id/suspend',
    {
      schema: {
        params: UserIdParamsSchema,
        body: SuspendInputSchema,
        response: { 200: SuspensionResultSchema, ...dataErrors },
      },
    },
    async (request) => safety.suspend(caller(request), request.params.id, request.body),
  )

  app.post(
    '/api/moderation/users/:id/unsuspend',
    {
      schema: {
        params: UserIdParamsSchema,
        body: LiftSuspensionInputSchema,
        response: { 200: LiftResultSchema, ...dataErrors },
      },
    },
    async (request) => {
      await safety.lift(caller(request), request.params.id, request.body?.reason)
      return { lifted: true as const }
    },
  )

  app.get(
    '/api/moderation/audit',
    {
      schema: { querystring: AuditQuerySchema, response: { 200: AuditPageSchema, ...dataErrors } },
    },
    async (request) => safety.audit(request.query),
  )
}
