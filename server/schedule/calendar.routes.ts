import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { CalendarTokenParamsSchema } from '../../shared/schedule/schedule.schema'
import { requestMeta } from '../auth/request-meta'
import { ifNoneMatchHits } from '../http/if-none-match'

/**
 * `GET /calendar/<token>.ics`: my schedule as a calendar feed, for calendar apps, which send no
 * session: the secret address is the key (docs/companion.md). An unchanged feed answers 304.
 */
export async function calendarRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { schedule } = app.ctx

  app.get(
    '/calendar/:token',
    { schema: { params: CalendarTokenParamsSchema } },
    async (request, reply) => {
      const token = request.params.token.slice(0, -'.ics'.length)
      const answer = await schedule.calendar(token, {
        // Only a feed that is sent needs the host (its events' ids): not a 304.
        host: () => new URL(requestMeta(request).siteUrl).host,
        ifNoneMatch: (etag) => ifNoneMatchHits(request.headers['if-none-match'], etag),
      })
      // A person's schedule: calendar apps and the browser may keep it, shared caches may not.
      reply.header('Cache-Control', 'private, no-cache').header('ETag', answer.etag)
      if (answer.body === undefined) return reply.code(304).send()
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', 'inline; filename="my-schedule.ics"')
        .send(answer.body)
    },
  )
}
