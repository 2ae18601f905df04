import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CalendarLinkSchema,
  ChangesSeenSchema,
  CrewSchema,
  FollowedParamsSchema,
  FollowSchema,
  ReminderSettingsSchema,
  ScheduleSchema,
  SetKeyParamsSchema,
  ShareCodeParamsSchema,
  SharedPicksSchema,
  ShareLinkSchema,
} from '../../shared/schedule/schedule.schema'
import { requestMeta } from '../auth/request-meta'
import { guardDataArea } from '../auth/require-user'
import { dataErrors } from '../http/error-schemas'

const noContent = { 204: z.undefined(), ...dataErrors }

/** My schedule, my crew and my links: signed-in users only (docs/companion.md). */
export async function scheduleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { schedule } = app.ctx
  const caller = guardDataArea(app)
  const siteUrl = (request: Parameters<typeof requestMeta>[0]) => requestMeta(request).siteUrl

  app.get(
    '/api/schedule',
    { schema: { response: { 200: ScheduleSchema, ...dataErrors } } },
    (request) => schedule.schedule(caller(request)),
  )

  // PUT and DELETE of a star are idempotent: a retry after a lost answer changes nothing.
  app.put(
    '/api/schedule/stars/:key',
    { schema: { params: SetKeyParamsSchema, response: noContent } },
    async (request, reply) => {
      await schedule.star(caller(request), request.params.key)
      return reply.status(204).send()
    },
  )

  app.delete(
    '/api/schedule/stars/:key',
    { schema: { params: SetKeyParamsSchema, response: noContent } },
    async (request, reply) => {
      await schedule.unstar(caller(request), request.params.key)
      return reply.status(204).send()
    },
  )

  app.post(
    '/api/schedule/changes/seen',
    { schema: { body: ChangesSeenSchema, response: noContent } },
    async (request, reply) => {
      await schedule.changesSeen(caller(request), request.body.keys)
      return reply.status(204).send()
    },
  )

  app.put(
    '/api/schedule/reminders',
    {
      schema: {
        body: ReminderSettingsSchema,
        response: { 200: ReminderSettingsSchema, ...dataErrors },
      },
    },
    (request) => schedule.saveReminders(caller(request), request.body),
  )

  app.get(
    '/api/schedule/share',
    { schema: { response: { 200: ShareLinkSchema, ...dataErrors } } },
    (request) => schedule.shareLink(caller(request), siteUrl(request)),
  )

  app.post(
    '/api/schedule/share/regenerate',
    { schema: { response: { 200: ShareLinkSchema, ...dataErrors } } },
    (request) => schedule.newShareLink(caller(request), siteUrl(request)),
  )

  app.get(
    '/api/schedule/shared/:code',
    {
      schema: {
        params: ShareCodeParamsSchema,
        response: { 200: SharedPicksSchema, ...dataErrors },
      },
    },
    (request) => schedule.sharedPicks(caller(request), request.params.code),
  )

  app.post(
    '/api/schedule/follows',
    { schema: { body: FollowSchema, response: noContent } },
    async (request, reply) => {
      await schedule.follow(caller(request), request.body.code)
      return reply.status(204).send()
    },
  )

  app.delete(
    '/api/schedule/follows/:userId',
    { schema: { params: FollowedParamsSchema, response: noContent } },
    async (request, reply) => {
      await schedule.unfollow(caller(request), request.params.userId)
      return reply.status(204).send()
    },
  )

  app.get(
    '/api/schedule/crew',
    { schema: { response: { 200: CrewSchema, ...dataErrors } } },
    (request) => schedule.crew(caller(request)),
  )

  app.get(
    '/api/schedule/calendar',
    { schema: { response: { 200: CalendarLinkSchema, ...dataErrors } } },
    (request) => schedule.calendarLink(caller(request), siteUrl(request)),
  )

  app.post(
    '/api/schedule/calendar/regenerate',
    { schema: { response: { 200: CalendarLinkSchema, ...dataErrors } } },
    (request) => schedule.newCalendarLink(caller(request), siteUrl(request)),
  )
}
