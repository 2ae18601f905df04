import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { FestivalInfoSchema } from '../../shared/festival/festival.schema'

/** `GET /api/festival`: the public festival identity the client shows (name, year, provider). */
export async function festivalRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx
  const info = {
    name: config.FESTIVAL_NAME,
    year: config.FESTIVAL_YEAR,
    timeZone: config.FESTIVAL_TIME_ZONE,
    dayChangeHour: config.FESTIVAL_DAY_CHANGE_HOUR,
    wifiProvider: config.WIFI_PROVIDER_NAME,
  }
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/festival',
      { schema: { response: { 200: FestivalInfoSchema } } },
      async (_request, reply) => {
        reply.header('Cache-Control', 'public, max-age=300')
        return info
      },
    )
}
