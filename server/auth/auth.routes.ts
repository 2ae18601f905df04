import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  LogoutQuerySchema,
  PasswordGrantBodySchema,
  RecoverBodySchema,
  RedirectQuerySchema,
  RefreshGrantBodySchema,
  SignUpBodySchema,
  TokenQuerySchema,
  UpdateUserBodySchema,
  VerifyQuerySchema,
} from '../../shared/auth/auth.schema'
import { siteOrigin } from '../config/site-origin'
import { AppError } from '../http/app-error'
import type { RequestMeta } from './auth-service'
import { sendEmailLink, verifyEmailLink } from './email-links'
import { signUp } from './sign-up'
import { passwordGrant, refreshTokenGrant } from './token-grants'
import { presentUser } from './user.presenter'
import { logout, updateUser } from './user-account'
import { findUserByEmail, findUserById } from './users.repository'

/** The GoTrue-compatible auth API that @supabase/auth-js talks to, under /auth/v1. */
export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { deps, tokens } = app.ctx.auth
  const { config } = app.ctx

  const meta = (request: FastifyRequest): RequestMeta => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    siteUrl: siteOrigin(config, app.server.address()),
  })

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Supabase-Api-Version', '2024-01-01')
    reply.header('Cache-Control', 'no-store')
  })

  app.get('/settings', async () => ({
    external: { email: true, phone: false },
    disable_signup: false,
    mailer_autoconfirm: !config.AUTH_EMAIL_CONFIRMATION,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }))

  app.post(
    '/signup',
    { schema: { body: SignUpBodySchema, querystring: RedirectQuerySchema } },
    async (request) => {
      await deps.limiter.hit(
        { name: 'signup:ip', max: config.RATE_LIMIT_SIGNUP_PER_IP },
        request.ip,
      )
      return signUp(deps, tokens, request.body, meta(request), request.query.redirect_to)
    },
  )

  app.post('/token', { schema: { querystring: TokenQuerySchema } }, async (request) => {
    const grant = request.query.grant_type
    if (grant === 'password') {
      const body = PasswordGrantBodySchema.safeParse(request.body)
      if (!body.success)
        throw new AppError(400, 'validation_failed', 'Enter your e-mail and password')
      return passwordGrant(deps, tokens, body.data, meta(request))
    }
    if (grant === 'refresh_token') {
      const body = RefreshGrantBodySchema.safeParse(request.body)
      if (!body.success) throw new AppError(400, 'validation_failed', 'refresh_token is required')
      return refreshTokenGrant(deps, tokens, body.data.refresh_token)
    }
    throw new AppError(
      400,
      'unsupported_grant_type',
      `Unsupported grant type: ${grant.slice(0, 40)}`,
    )
  })

  app.get('/user', async (request) => {
    const caller = await tokens.authenticate(request.headers.authorization)
    const user = await findUserById(deps.database.db, caller.id)
    if (!user)
      throw new AppError(403, 'session_not_found', 'User from sub claim in JWT does not exist')
    return presentUser(user)
  })

  app.put('/user', { schema: { body: UpdateUserBodySchema } }, async (request) => {
    const caller = await tokens.authenticate(request.headers.authorization)
    return updateUser(deps, caller, request.body)
  })

  app.post('/logout', { schema: { querystring: LogoutQuerySchema } }, async (request, reply) => {
    const caller = await tokens.authenticate(request.headers.authorization)
    await logout(deps, caller, request.query.scope)
    return reply.status(204).send()
  })

  app.post(
    '/recover',
    { schema: { body: RecoverBodySchema, querystring: RedirectQuerySchema } },
    async (request) => {
      await deps.limiter.hit(
        { name: 'recover:ip', max: config.RATE_LIMIT_RECOVER_PER_IP },
        request.ip,
      )
      const user = await findUserByEmail(deps.database.db, request.body.email)
      if (user)
        await sendEmailLink(deps, user, 'recovery', meta(request), request.query.redirect_to)
      // The same answer whether or not the address has an account.
      return {}
    },
  )

  app.get('/verify', { schema: { querystring: VerifyQuerySchema } }, async (request, reply) => {
    await deps.limiter.hit({ name: 'verify:ip', max: config.RATE_LIMIT_VERIFY_PER_IP }, request.ip)
    const { token, type } = request.query
    const outcome = await verifyEmailLink(deps, tokens, token, type, meta(request))
    const fragment = outcome.ok
      ? new URLSearchParams({
          access_token: outcome.session.accessToken,
          expires_at: String(outcome.session.expiresAt),
          expires_in: String(outcome.session.expiresIn),
          refresh_token: outcome.session.refreshToken,
          token_type: 'bearer',
          type: outcome.type,
        })
      : new URLSearchParams({
          error: 'access_denied',
          error_code: 'otp_expired',
          error_description: 'Email link is invalid or has expired',
        })
    return reply.redirect(`${outcome.redirect.split('#')[0]}#${fragment.toString()}`, 303)
  })
}
