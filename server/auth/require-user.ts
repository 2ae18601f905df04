import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../http/app-error'
import type { AuthUser } from './auth-deps'

/**
 * The guard for data endpoints: returns the signed-in caller or throws 401 with GoTrue's code
 * (`no_authorization`, `bad_jwt`, `session_not_found`), so the client knows to sign in again.
 * A session found active in the last minute is not read again (ADR 015).
 */
export async function requireUser(request: FastifyRequest): Promise<AuthUser> {
  try {
    return await request.server.ctx.auth.authenticate(request.headers.authorization)
  } catch (error) {
    if (error instanceof AppError && error.status === 403) {
      throw new AppError(401, error.code, error.message)
    }
    throw error
  }
}

/**
 * One guard for a whole data area, before the body is parsed or validated (a caller without a
 * valid session learns nothing but 401), and personal answers never cached by browsers or
 * proxies. Returns how a handler finds its caller.
 */
export function guardDataArea(app: FastifyInstance): (request: FastifyRequest) => AuthUser {
  const callers = new WeakMap<FastifyRequest, AuthUser>()
  app.addHook('onRequest', async (request) => {
    callers.set(request, await requireUser(request))
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('Cache-Control', 'no-store')
    done(null, payload)
  })
  return (request) => callers.get(request)!
}
