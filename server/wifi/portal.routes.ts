import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { CredentialsSchema } from '../../shared/auth/auth.schema'
import { PortalCodeFormSchema, PortalFormSchema } from '../../shared/wifi/wifi.schema'
import { requestMeta } from '../auth/request-meta'
import { AppError } from '../http/app-error'
import { type PortalOutcome, PortalProblem } from './portal.service'
import {
  connectingPage,
  formPage,
  onlinePage,
  type PageFrame,
  passPage,
  problemPage,
  STYLE_HASH,
} from './portal-pages'
import type { PortalState } from './portal-state'
import { formatPassCode, normalizePassCode } from './wifi-secrets'

const GatewayParamsSchema = z.object({ gateway: z.string().regex(/^[a-z0-9-]{1,40}$/) })
const StateQuerySchema = z.object({ s: z.string().max(4096).optional() })
const AuthmonBodySchema = z.object({
  auth_get: z.string().max(20).optional(),
  gatewayhash: z.string().max(128).optional(),
  payload: z.string().max(8192).optional(),
})
// Grants given, a page still being read: a stale "Connecting…" stops being hopeful after this.
const SLOW_AFTER_MS = 45_000

/**
 * The captive portal's routes (`faspath` is `/wifi/portal/<gateway id>/`): openNDS's redirect
 * (GET), authmon's polls (POST, level 3), the three ways through, "Connecting…" and "online".
 * Server-rendered HTML that needs no script, each page with its own strict CSP.
 */
export async function portalRoutes(app: FastifyInstance): Promise<void> {
  const { portal } = app.ctx.wifi
  const { config } = app.ctx
  const frame: PageFrame = {
    festivalName: config.FESTIVAL_NAME,
    wifiProvider: config.WIFI_PROVIDER_NAME,
  }

  // HTML forms and authmon post url-encoded bodies; only these routes read them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )

  const html = (reply: FastifyReply, status: number, page: string, formTarget?: string) =>
    reply
      .status(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header(
        'Content-Security-Policy',
        `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self'${formTarget ? ` ${formTarget}` : ''}; base-uri 'none'; frame-ancestors 'none'`,
      )
      .send(page)

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof PortalProblem)
      return html(reply, error.status, problemPage(frame, error.message))
    if (error instanceof AppError && request.method === 'POST' && !isFormPost(request)) {
      // authmon: a plain-text answer it logs.
      return reply.status(error.status).type('text/plain').send(`ERROR: ${error.message}`)
    }
    const status = (error as { statusCode?: number }).statusCode
    if (status && status < 500) {
      return html(
        reply,
        status,
        problemPage(frame, 'This page needs the link the festival WiFi sends you to.'),
      )
    }
    request.log.error({ err: error }, 'wifi portal failed')
    return html(
      reply,
      500,
      problemPage(frame, 'Something went wrong on our side. Try again in a moment.'),
    )
  })

  const gatewayId = (request: FastifyRequest) => GatewayParamsSchema.parse(request.params).gateway
  const gatewayOrigin = (state: PortalState) => `http://${state.a}`

  const openPortal = async (request: FastifyRequest, reply: FastifyReply) => {
    const opening = portal.open(
      gatewayId(request),
      request.raw.url ?? '',
      request.headers['user-agent'],
    )
    if (opening.kind === 'online')
      return html(reply, 200, onlinePage(frame, appUrl(request), null, false))
    const { state } = portal.state(opening.gateway.id, opening.state)
    return html(
      reply,
      200,
      formPage(frame, {
        gatewayId: opening.gateway.id,
        state: opening.state,
        confirmationByMail: config.AUTH_EMAIL_CONFIRMATION,
      }),
      gatewayOrigin(state),
    )
  }
  app.get('/wifi/portal/:gateway', openPortal)
  app.get('/wifi/portal/:gateway/', openPortal)
  // openNDS 9.10.0 sends a phone that is already online and opens the gateway's auth dir without a
  // query to `<faspath>&status=authenticated`: it appends to a query that is not there, so this
  // lands in the path, not in the query `open` reads.
  app.get('/wifi/portal/:gateway/&status=authenticated', async (request, reply) => {
    portal.gateway(gatewayId(request))
    return html(reply, 200, onlinePage(frame, appUrl(request), null, false))
  })

  const authmon = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = AuthmonBodySchema.safeParse(request.body ?? {})
    if (!body.success) throw new AppError(400, 'validation_failed', 'Unexpected form fields')
    const answer = await portal.authmon(gatewayId(request), body.data, request.ip)
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send(answer)
  }
  app.post('/wifi/portal/:gateway', authmon)
  app.post('/wifi/portal/:gateway/', authmon)

  /** After a way through: on to the gateway (levels 1-2), to "Connecting…" (3), or the form again. */
  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: PortalOutcome,
    email?: string,
  ) => {
    const id = gatewayId(request)
    if (outcome.kind === 'refused') {
      const sealed = PortalFormSchema.shape.state.safeParse(
        (request.body as { state?: unknown })?.state,
      )
      const { state } = portal.state(id, sealed.success ? sealed.data : undefined)
      return html(
        reply,
        400,
        formPage(frame, {
          gatewayId: id,
          state: sealed.success ? sealed.data : '',
          refused: { field: outcome.field, message: outcome.message },
          email,
          confirmationByMail: config.AUTH_EMAIL_CONFIRMATION,
        }),
        gatewayOrigin(state),
      )
    }
    const { admission, sealed } = outcome
    if (admission.kind === 'gateway') return reply.redirect(admission.location, 303)
    const grace = outcome.kind === 'grace' ? '&grace=1' : ''
    return reply.redirect(`/wifi/portal/${id}/connecting?s=${sealed}${grace}`, 303)
  }

  app.post('/wifi/portal/:gateway/sign-in', async (request, reply) => {
    const form = parseForm(PortalFormSchema, request.body)
    const credentials = CredentialsSchema.safeParse(form)
    const outcome = credentials.success
      ? await portal.signIn(gatewayId(request), form.state, credentials.data, requestMeta(request))
      : invalid('sign-in', credentials.error)
    return answer(request, reply, outcome, form.email)
  })

  app.post('/wifi/portal/:gateway/sign-up', async (request, reply) => {
    const form = parseForm(PortalFormSchema, request.body)
    const credentials = CredentialsSchema.safeParse(form)
    const outcome = credentials.success
      ? await portal.signUp(gatewayId(request), form.state, credentials.data, requestMeta(request))
      : invalid('sign-up', credentials.error)
    return answer(request, reply, outcome, form.email)
  })

  app.post('/wifi/portal/:gateway/code', async (request, reply) => {
    const form = parseForm(PortalCodeFormSchema, request.body)
    const outcome = await portal.enterCode(
      gatewayId(request),
      form.state,
      form.code,
      requestMeta(request),
    )
    return answer(request, reply, outcome)
  })

  app.get('/wifi/portal/:gateway/connecting', async (request, reply) => {
    const id = gatewayId(request)
    const { s } = StateQuerySchema.parse(request.query)
    const grace = (request.query as { grace?: string }).grace === '1' ? '&grace=1' : ''
    const status = await portal.connecting(id, s)
    if (status.connected) return reply.redirect(`/wifi/portal/${id}/online?s=${s}${grace}`, 303)
    const checkUrl = `/wifi/portal/${id}/connecting?s=${s}${grace}`
    return html(reply, 200, connectingPage(frame, checkUrl, status.waitedMs > SLOW_AFTER_MS))
  })

  app.get('/wifi/portal/:gateway/online', async (request, reply) => {
    const { s } = StateQuerySchema.parse(request.query)
    const state = portal.onlineState(gatewayId(request), s)
    const grace = (request.query as { grace?: string }).grace === '1'
    return html(reply, 200, onlinePage(frame, appUrl(request), state?.o ?? null, grace))
  })

  // Where the pass's QR code leads (see passPage).
  app.get('/wifi/pass', async (request, reply) => {
    const typed = String((request.query as { code?: unknown }).code ?? '')
    const code = normalizePassCode(typed.slice(0, 40))
    return html(reply, code ? 200 : 400, passPage(frame, code ? formatPassCode(code) : null))
  })

  function appUrl(request: FastifyRequest) {
    return `${requestMeta(request).siteUrl}/`
  }
}

const isFormPost = (request: FastifyRequest) =>
  /\/(sign-in|sign-up|code)$/.test(request.url.split('?')[0] ?? '')

/** A form's fields as strings, whatever else was posted (a form cannot send anything else). */
function parseForm<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {})
  if (!parsed.success)
    throw new PortalProblem(
      400,
      'This form was not sent as the page sends it. Go back and try again.',
    )
  return parsed.data
}

function invalid(field: 'sign-in' | 'sign-up', error: z.ZodError): PortalOutcome {
  return { kind: 'refused', field, message: error.issues[0]?.message ?? 'Check what you typed.' }
}
