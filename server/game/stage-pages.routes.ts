import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { requestMeta } from '../auth/request-meta'
import { AppError, notFound } from '../http/app-error'
import { STAGE_PAGES_STYLE_HASH, stageIndexPage, stageScreenPage } from './stage-pages'

const KeyQuery = z.object({ key: z.string().max(200).optional() })

/**
 * The organiser's pages of the rotating stage codes (`/game/stages?key=…`): off unless
 * GAME_STAGE_PAGES_KEY is set, and only with that key.
 */
export async function stagePagesRoutes(app: FastifyInstance): Promise<void> {
  const { config, game } = app.ctx

  const html = (reply: FastifyReply, page: string) =>
    reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .header(
        'Content-Security-Policy',
        `default-src 'none'; style-src ${STAGE_PAGES_STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      )
      .send(page)

  const checkKey = (query: unknown): string => {
    const expected = config.GAME_STAGE_PAGES_KEY
    if (!expected) {
      throw notFound('The stage-code pages are off: set GAME_STAGE_PAGES_KEY (docs/game.md)')
    }
    const given = KeyQuery.safeParse(query).data?.key ?? ''
    const a = Buffer.from(given)
    const b = Buffer.from(expected)
    if (a.length !== b.length || !timingSafeEqual(a, b)) {
      throw new AppError(
        403,
        'forbidden',
        'This link needs the organiser key (GAME_STAGE_PAGES_KEY)',
      )
    }
    return given
  }

  app.get('/game/stages', async (request, reply) => {
    const key = checkKey(request.query)
    const stages = await game.stages()
    const link = (stage: string) =>
      `/game/stages/${encodeURIComponent(stage)}?key=${encodeURIComponent(key)}`
    return html(reply, stageIndexPage(config.FESTIVAL_NAME, stages, link))
  })

  app.get<{ Params: { stage: string } }>('/game/stages/:stage', async (request, reply) => {
    checkKey(request.query)
    const { stage } = request.params
    if (!(await game.stages()).includes(stage))
      throw notFound('There is no such stage in the lineup')
    const screen = game.stageScreen(stage)
    return html(
      reply,
      stageScreenPage({
        stage,
        code: screen.code,
        checkInUrl: `${requestMeta(request).siteUrl}/?stage=${screen.code}`,
        reloadInSeconds: screen.reloadInSeconds,
      }),
    )
  })
}
