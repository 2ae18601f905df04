import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { WifiDeviceParamsSchema, WifiPassSchema } from '../../shared/wifi/wifi.schema'
import { requestMeta } from '../auth/request-meta'
import { guardDataArea } from '../auth/require-user'
import { dataErrors } from '../http/error-schemas'

/** My WiFi pass and my devices, for the app's WiFi panel: signed-in users only. */
export async function wifiRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { pass } = app.ctx.wifi
  const caller = guardDataArea(app)

  app.get(
    '/api/wifi/pass',
    { schema: { response: { 200: WifiPassSchema, ...dataErrors } } },
    (request) => pass.pass(caller(request), requestMeta(request).siteUrl),
  )

  app.post(
    '/api/wifi/pass/regenerate',
    { schema: { response: { 200: WifiPassSchema, ...dataErrors } } },
    (request) => pass.regenerate(caller(request), requestMeta(request).siteUrl),
  )

  app.delete(
    '/api/wifi/devices/:id',
    { schema: { params: WifiDeviceParamsSchema, response: { 204: z.undefined(), ...dataErrors } } },
    async (request, reply) => {
      await pass.forgetDevice(caller(request), request.params.id)
      return reply.status(204).send()
    },
  )
}
