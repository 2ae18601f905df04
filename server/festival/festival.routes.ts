import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { FestivalInfoSchema } from '../../shared/festival/festival.schema'
import { zoneOffsets } from '../../shared/time/zone-offsets'

/** `GET /api/festival`: the public festival identity the client shows (name, year, provider). */
export async function festivalRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx
  const info = {
    name: config.FESTIVAL_NAME,
    year: config.FESTIVAL_YEAR,
    timeZone: config.FESTIVAL_TIME_ZONE,
    dayChangeHour: config.FESTIVAL_DAY_CHANGE_HOUR,
    wifiProvider: config.WIFI_PROVIDER_NAME,
    // The year before the festival (the run-up, when the app is first opened) to the end of the
    // year after (a festival over New Year): outside it the browser asks ICU, slower but right.
    zoneOffsets: zoneOffsets(
      config.FESTIVAL_TIME_ZONE,
      Date.UTC(config.FESTIVAL_YEAR - 1, 0, 1),
      Date.UTC(config.FESTIVAL_YEAR + 2, 0, 1),
    ),
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
