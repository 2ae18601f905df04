import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { OrganiserStatsSchema } from '../../shared/organiser/organiser-stats.schema'
import { guardDataArea } from '../auth/require-user'
import { dataErrors } from '../http/error-schemas'
import { ORGANISERS } from '../safety/safety.service'
import { organiserStatsCsv, readOrganiserStats } from './organiser-stats'

/**
 * The organiser's dashboard (`/api/organiser`): a signed-in caller holding the organiser role,
 * read from the database on every request, as the moderation area does.
 */
export async function organiserRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { safety, database, now, live, livePresence } = app.ctx
  const caller = guardDataArea(app)
  app.addHook('onRequest', async (request) => {
    await safety.requireRole(caller(request), ORGANISERS)
  })
  const stats = () =>
    readOrganiserStats({
      database,
      now,
      liveHere: () => live.stats.viewers,
      liveEverywhere: () => livePresence.total(),
    })

  app.get(
    '/api/organiser/stats',
    { schema: { response: { 200: OrganiserStatsSchema, ...dataErrors } } },
    async () => stats(),
  )

  app.get('/api/organiser/stats.csv', { schema: { response: dataErrors } }, async (_, reply) => {
    const figures = await stats()
    const hour = figures.generatedAt.slice(0, 13).replace('T', '-')
    return (
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="vibeconnect-stats-${hour}h.csv"`)
        // Text already: the error schemas above are for failures only.
        .send(organiserStatsCsv(figures) as never)
    )
  })
}
