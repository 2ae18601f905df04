import type { FastifyInstance } from 'fastify'
import { pingDatabase } from '../db/database'
import { serviceUnavailable } from '../http/app-error'

/** `/healthz`: the process answers. `/readyz`: and its database answers too. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }))
  app.get('/readyz', async () => {
    if (!(await pingDatabase(app.ctx.database)))
      throw serviceUnavailable('The database is not reachable')
    return { status: 'ready' }
  })
}
