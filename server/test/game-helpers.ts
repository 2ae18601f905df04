import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { GameState } from '../../shared/game/game.schema'
import defaultGame from '../game/default-game.json'
import { bearer } from './auth-helpers'
import type { TestApp } from './test-app'

export const STAGE_PAGES_KEY = 'organiser-stage-pages-key'

/** A GAME_CONFIG_FILE: the shipped defaults with `change` applied, in a temporary file. */
export function gameFile(change: (game: typeof defaultGame) => object = (game) => game): string {
  const path = join(tmpdir(), `vibeconnect-game-${process.pid}-${Date.now()}-${Math.random()}.json`)
  writeFileSync(path, JSON.stringify(change(structuredClone(defaultGame))))
  return path
}

/** A stage's code as its screen page shows it now (the organiser's page, with its key). */
export async function stageCode(t: Pick<TestApp, 'app'>, stage: string): Promise<string> {
  const page = await t.app.inject({
    url: `/game/stages/${encodeURIComponent(stage)}?key=${STAGE_PAGES_KEY}`,
  })
  expect(page.statusCode, page.body).toBe(200)
  const code = /<p class="code"[^>]*>([A-Z0-9]+)<\/p>/.exec(page.body)?.[1]
  if (!code) throw new Error(`no code on the stage page:\n${page.body.slice(0, 400)}`)
  return code
}

export const checkIn = (t: Pick<TestApp, 'app'>, token: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/game/check-ins',
    headers: bearer(token),
    payload: { code },
  })

export async function gameOf(t: Pick<TestApp, 'app'>, token: string): Promise<GameState> {
  const answer = await t.app.inject({ url: '/api/game', headers: bearer(token) })
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json()
}

/** The badge's earned time, or null while locked. */
export const earned = (game: GameState, badge: string) =>
  game.badges.find((entry) => entry.id === badge)?.earnedAt ?? null

/** The badges stored as awarded to the user, in the database, by name. */
export async function awardedBadges(t: Pick<TestApp, 'database'>, userId: string) {
  const rows = await t.database.db
    .selectFrom('game_awards')
    .select('badge')
    .where('user_id', '=', userId)
    .orderBy('badge')
    .execute()
  return rows.map((row) => row.badge)
}

/** The code of the user's invite link. */
export async function inviteCodeOf(t: Pick<TestApp, 'app'>, token: string): Promise<string> {
  return new URL((await gameOf(t, token)).inviteUrl).searchParams.get('invite')!
}

/** Follows an invite link's code as the signed-in user. */
export const acceptInvite = (t: Pick<TestApp, 'app'>, token: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/game/invites',
    headers: bearer(token),
    payload: { code },
  })
