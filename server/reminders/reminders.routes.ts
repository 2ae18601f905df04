import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  PushKeySchema,
  PushSubscriptionInputSchema,
  PushUnsubscribeSchema,
} from '../../shared/reminders/push.schema'
import { guardDataArea } from '../auth/require-user'
import { dataErrors } from '../http/error-schemas'

const noContent = { 204: z.undefined(), ...dataErrors }

/** This browser's push subscription for reminders: signed-in users only (docs/reminders.md). */
export async function remindersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { reminders } = app.ctx
  const caller = guardDataArea(app)

  app.get(
    '/api/push/key',
    { schema: { response: { 200: PushKeySchema, ...dataErrors } } },
    (request) => {
      caller(request)
      return reminders.publicKey()
    },
  )

  // Idempotent: the same endpoint again changes nothing; from another account, it moves there.
  app.put(
    '/api/push/subscriptions',
    { schema: { body: PushSubscriptionInputSchema, response: noContent } },
    async (request, reply) => {
      await reminders.subscribe(caller(request), request.body)
      return reply.status(204).send()
    },
  )

  app.delete(
    '/api/push/subscriptions',
    { schema: { body: PushUnsubscribeSchema, response: noContent } },
    async (request, reply) => {
      await reminders.unsubscribe(caller(request), request.body.endpoint)
      return reply.status(204).send()
    },
  )
}
