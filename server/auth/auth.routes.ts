import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  LogoutQuerySchema,
  RecoverBodySchema,
  RedirectQuerySchema,
  ResendBodySchema,
  SignUpBodySchema,
  TokenBodySchema,
  TokenQuerySchema,
  UpdateUserBodySchema,
  VerifyQuerySchema,
} from '../../shared/auth/auth.schema'
import {
  AuthErrorSchema,
  AuthSessionSchema,
  AuthSettingsSchema,
  AuthUserSchema,
  EmptyObjectSchema,
  PendingUserSchema,
} from '../../shared/auth/auth-responses.schema'
import { AppError } from '../http/app-error'
import { requestMeta } from './request-meta'

const errors = { '4xx': AuthErrorSchema, '5xx': AuthErrorSchema }

/** The GoTrue-compatible auth API that @supabase/auth-js talks to, under /auth/v1. */
export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { auth, config } = app.ctx

  const meta = requestMeta

  // Synchronous, like every hook of the app (see app.ts).
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('X-Supabase-Api-Version', '2024-01-01')
    reply.header('Cache-Control', 'no-store')
    done(null, payload)
  })

  app.get('/settings', { schema: { response: { 200: AuthSettingsSchema, ...errors } } }, () => ({
    external: { email: true, phone: false },
    disable_signup: false,
    mailer_autoconfirm: !config.AUTH_EMAIL_CONFIRMATION,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }))

  app.post(
    '/signup',
    {
      schema: {
        body: SignUpBodySchema,
        querystring: RedirectQuerySchema,
        response: { 200: AuthSessionSchema.or(PendingUserSchema), ...errors },
      },
    },
    (request) => auth.signUp(request.body, meta(request), request.query.redirect_to),
  )

  app.post(
    '/token',
    {
      schema: {
        querystring: TokenQuerySchema,
        body: TokenBodySchema,
        response: { 200: AuthSessionSchema, ...errors },
      },
    },
    (request) => {
      const grant = request.query.grant_type
      const { body } = request
      if (grant === 'password') {
        if (!('email' in body)) {
          throw new AppError(400, 'validation_failed', 'Enter your e-mail and password')
        }
        return auth.signIn(body, meta(request))
      }
      if (grant === 'refresh_token') {
        if (!('refresh_token' in body)) {
          throw new AppError(400, 'validation_failed', 'refresh_token is required')
        }
        return auth.refresh(body.refresh_token)
      }
      throw new AppError(
        400,
        'unsupported_grant_type',
        `Unsupported grant type: ${grant.slice(0, 40)}`,
      )
    },
  )

  app.get('/user', { schema: { response: { 200: AuthUserSchema, ...errors } } }, (request) =>
    auth.currentUser(request.headers.authorization),
  )

  app.put(
    '/user',
    { schema: { body: UpdateUserBodySchema, response: { 200: AuthUserSchema, ...errors } } },
    (request) => auth.updateUser(request.headers.authorization, request.body),
  )

  app.get(
    '/reauthenticate',
    { schema: { response: { 200: EmptyObjectSchema, ...errors } } },
    async (request) => {
      await auth.sendReauthenticationCode(request.headers.authorization)
      return {}
    },
  )

  app.post(
    '/logout',
    { schema: { querystring: LogoutQuerySchema, response: { 204: z.undefined(), ...errors } } },
    async (request, reply) => {
      await auth.logout(request.headers.authorization, request.query.scope)
      return reply.status(204).send(undefined)
    },
  )

  app.post(
    '/recover',
    {
      schema: {
        body: RecoverBodySchema,
        querystring: RedirectQuerySchema,
        response: { 200: EmptyObjectSchema, ...errors },
      },
    },
    async (request) => {
      await auth.recover(request.body.email, meta(request), request.query.redirect_to)
      // The same answer, in the same time, whether or not the address has an account.
      return {}
    },
  )

  app.post(
    '/resend',
    {
      schema: {
        body: ResendBodySchema,
        querystring: RedirectQuerySchema,
        response: { 200: EmptyObjectSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resendConfirmation(request.body.email, meta(request), request.query.redirect_to)
      // As for /recover: the same answer, in the same time, whatever the address's state.
      return {}
    },
  )

  app.get('/verify', { schema: { querystring: VerifyQuerySchema } }, async (request, reply) => {
    const { token, type } = request.query
    const outcome = await auth.followLink(token, type, meta(request))
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
