import type { FastifyRequest } from 'fastify'
import { AppError } from '../http/app-error'
import type { AuthUser } from './auth-service'

/**
 * The guard for data endpoints: returns the signed-in caller or throws 401 with GoTrue's code
 * (`no_authorization`, `bad_jwt`, `session_not_found`), so the client knows to sign in again.
 * A session found active in the last minute is not read again (ADR 015).
 */
export async function requireUser(request: FastifyRequest): Promise<AuthUser> {
  try {
    return await request.server.ctx.auth.tokens.authenticate(request.headers.authorization, {
      recentSessionCheck: true,
    })
  } catch (error) {
    if (error instanceof AppError && error.status === 403) {
      throw new AppError(401, error.code, error.message)
    }
    throw error
  }
}
