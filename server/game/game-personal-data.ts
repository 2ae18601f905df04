import type { AppDatabase } from '../db/database'
import {
  findInvite,
  findInviteCode,
  listAwards,
  listCheckIns,
  listInvitesBy,
  listVibeDays,
} from './game.repository'

const iso = (ms: number | string | null) =>
  ms === null ? null : new Date(Number(ms)).toISOString()

/**
 * My game for my data export (docs/privacy.md): badges, the days I set my vibe, check-ins, my
 * invite code, and the invites either way: when, not who (the other person's account is theirs).
 */
export async function gamePersonalData(database: AppDatabase, userId: string) {
  const { db } = database
  const [awards, vibeDays, checkIns, inviteCode, invitedBy, invitesSent] = await Promise.all([
    listAwards(db, userId),
    listVibeDays(db, userId),
    listCheckIns(db, userId),
    findInviteCode(db, userId),
    findInvite(db, userId),
    listInvitesBy(db, userId),
  ])
  const invite = (row: { accepted_at: number; counted_at: number | null }) => ({
    acceptedAt: iso(row.accepted_at),
    countedAt: iso(row.counted_at),
  })
  return {
    badges: awards.map((award) => ({ badge: award.badge, awardedAt: iso(award.awarded_at) })),
    vibeDays,
    checkIns: checkIns.map((row) => ({
      stage: row.stage,
      day: row.day,
      checkedInAt: iso(row.checked_in_at),
    })),
    inviteCode: inviteCode ?? null,
    invitedBy: invitedBy ? invite(invitedBy) : null,
    invitesSent: invitesSent.map(invite),
  }
}
