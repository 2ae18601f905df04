import type { FastifyInstance, FastifyReply } from 'fastify'
import { LEGAL_PAGE_CSP, legalPage } from './legal-pages'
import { loadLegalTexts } from './legal-texts'

/**
 * `/terms` and `/privacy`: the organiser's Markdown (or the shipped defaults) as pages of the
 * app, rendered once at start-up; a bad TERMS_FILE or PRIVACY_FILE stops the start.
 */
export async function legalRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx
  const texts = loadLegalTexts(config)
  const festival = `${config.FESTIVAL_NAME} ${config.FESTIVAL_YEAR}`
  const pages = {
    terms: legalPage({ title: 'Terms of Service', markdown: texts.terms, festival }),
    privacy: legalPage({ title: 'Privacy notice', markdown: texts.privacy, festival }),
  }
  const send = (reply: FastifyReply, page: string) =>
    reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .header('Content-Security-Policy', LEGAL_PAGE_CSP)
      .send(page)

  app.get('/terms', (_request, reply) => send(reply, pages.terms))
  app.get('/privacy', (_request, reply) => send(reply, pages.privacy))
}
