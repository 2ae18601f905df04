import type { FastifyRequest } from 'fastify'
import { siteOrigin } from '../config/site-origin'
import type { RequestMeta } from './auth-deps'

/** Who is asking (address, browser) and the site's own origin, as the auth use cases need them. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    siteUrl: siteOrigin(request.server.ctx.config, request.server.server.address()),
  }
}
