import { type InsertResult, type Kysely, sql } from 'kysely'
import { lockKey } from '../db/advisory-lock'
import type { Dialect, WriteHandle } from '../db/database'
import type { Database, GameCheckInsTable, GameInvitesTable } from '../db/schema'

export function listAwards(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('game_awards')
    .select(['badge', 'awarded_at'])
    .where('user_id', '=', userId)
    .execute()
}

/** Awards a badge unless the user has it; true when this call awarded it. */
export async function insertAward(
  trx: WriteHandle,
  userId: string,
  badge: string,
  at: number,
): Promise<boolean> {
  const result = await trx
    .insertInto('game_awards')
    .values({ user_id: userId, badge, awarded_at: at })
    .onConflict((conflict) => conflict.columns(['user_id', 'badge']).doNothing())
    .executeTakeFirst()
  return stored(result)
}

/** Notes a festival day with a vibe write; true when the day is new for the user. */
export async function insertVibeDay(trx: WriteHandle, userId: string, day: string) {
  const result = await trx
    .insertInto('game_vibe_days')
    .values({ user_id: userId, day })
    .onConflict((conflict) => conflict.columns(['user_id', 'day']).doNothing())
    .executeTakeFirst()
  return stored(result)
}

export async function listVibeDays(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('game_vibe_days')
    .select('day')
    .where('user_id', '=', userId)
    .orderBy('day')
    .execute()
  return rows.map((row) => row.day)
}

/** A check-in, unless the user checked in at this stage this festival day; true when stored. */
export async function insertCheckIn(trx: WriteHandle, row: GameCheckInsTable) {
  const result = await trx
    .insertInto('game_check_ins')
    .values(row)
    .onConflict((conflict) => conflict.columns(['user_id', 'stage', 'day']).doNothing())
    .executeTakeFirst()
  return stored(result)
}

export async function countStages(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('game_check_ins')
    .select(sql<number>`count(distinct stage)`.as('stages'))
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(row?.stages ?? 0)
}

export async function findInviteCode(db: Kysely<Database>, userId: string) {
  const row = await db
    .selectFrom('game_invite_codes')
    .select('code')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row?.code
}

export async function findInviterByCode(db: Kysely<Database>, code: string) {
  const row = await db
    .selectFrom('game_invite_codes')
    .select('user_id')
    .where('code', '=', code)
    .executeTakeFirst()
  return row?.user_id
}

/** Stores the user's invite code unless they have one (the caller reads back which is stored). */
export async function insertInviteCode(
  trx: WriteHandle,
  userId: string,
  code: string,
  at: number,
): Promise<void> {
  await trx
    .insertInto('game_invite_codes')
    .values({ user_id: userId, code, created_at: at })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute()
}

export function findInvite(db: Kysely<Database>, inviteeId: string) {
  return db
    .selectFrom('game_invites')
    .selectAll()
    .where('invitee_id', '=', inviteeId)
    .executeTakeFirst()
}

/** Records who invited the user, unless someone already did; true when stored. */
export async function insertInvite(trx: WriteHandle, row: GameInvitesTable) {
  const result = await trx
    .insertInto('game_invites')
    .values(row)
    .onConflict((conflict) => conflict.column('invitee_id').doNothing())
    .executeTakeFirst()
  return stored(result)
}

/** Whether `inviteeId` followed the invite link of `inviterId`. */
export async function isInvitedBy(trx: WriteHandle, inviteeId: string, inviterId: string) {
  const row = await trx
    .selectFrom('game_invites')
    .select('invitee_id')
    .where('invitee_id', '=', inviteeId)
    .where('inviter_id', '=', inviterId)
    .executeTakeFirst()
  return row !== undefined
}

/** The advisory-lock key space of crews (the other key is a hash of the user id). */
const CREW_LOCK_SPACE = 19_001

/**
 * Holds these users' crews until the transaction ends, so that what it reads of their invites
 * stays true until it commits. PostgreSQL only (an advisory lock per user, taken in one order so
 * that two transactions never wait for each other): SQLite runs one write at a time.
 */
export async function lockCrews(trx: WriteHandle, dialect: Dialect, userIds: string[]) {
  for (const id of [...new Set(userIds)].sort()) await lockKey(trx, dialect, CREW_LOCK_SPACE, id)
}

/**
 * Counts the user's invite (their inviter's and their own crew) unless it already counted or
 * either of them has `cap` counted friends; true when this call counted it. The caller holds
 * both crews' locks (`lockCrews`).
 */
export async function countInvite(
  trx: WriteHandle,
  inviteeId: string,
  inviterId: string,
  cap: number,
  at: number,
): Promise<boolean> {
  for (const userId of [inviterId, inviteeId]) {
    if ((await countFriends(trx, userId)) >= cap) return false
  }
  const result = await trx
    .updateTable('game_invites')
    .set({ counted_at: at })
    .where('invitee_id', '=', inviteeId)
    .where('counted_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Friends counted for the user: those they invited, and the one who invited them. */
export async function countFriends(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('game_invites')
    .select(sql<number>`count(*)`.as('friends'))
    .where('counted_at', 'is not', null)
    .where((where) =>
      where.or([where('inviter_id', '=', userId), where('invitee_id', '=', userId)]),
    )
    .executeTakeFirst()
  return Number(row?.friends ?? 0)
}

/** Whether an insert that skips conflicts stored its row. */
const stored = (result: InsertResult) => Number(result.numInsertedOrUpdatedRows ?? 0n) > 0

/** A user's stage check-ins, oldest first (their data export). */
export function listCheckIns(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('game_check_ins')
    .select(['stage', 'day', 'checked_in_at'])
    .where('user_id', '=', userId)
    .orderBy('checked_in_at')
    .execute()
}

/** The invites a user's link brought in (their data export: when, not who). */
export function listInvitesBy(db: Kysely<Database>, inviterId: string) {
  return db
    .selectFrom('game_invites')
    .select(['accepted_at', 'counted_at'])
    .where('inviter_id', '=', inviterId)
    .orderBy('accepted_at')
    .execute()
}
