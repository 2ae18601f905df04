/**
 * Where my data export shows each column that holds who I am (docs/privacy.md). A test reads the
 * schema on both databases, and what a busy account leaves in every table, and fails naming any
 * such column this map does not cover: a new table about people needs its place here.
 *
 * - `path`: the export's value at this dotted path holds my rows: a list (one item per row), an
 *   object or value (one row), or null (none).
 * - `count`: the export says how many rows there are, not what they hold (the other person's, or
 *   a credential), with `why`.
 * - `omitted`: not in the export, and why.
 */
export type Coverage = { path: string } | { count: string; why: string } | { omitted: string }

export const EXPORT_COVERAGE: Readonly<Record<string, Coverage>> = {
  'users.id': { path: 'account' },
  'users.email': { path: 'account' },
  'auth_sessions.user_id': { path: 'sessions' },
  'refresh_tokens.user_id': {
    count: 'refreshTokensCount',
    why: 'hashes of refresh tokens: credentials of the sessions listed',
  },
  'one_time_tokens.user_id': { path: 'emailLinksAndCodes' },
  'vibes.user_id': { path: 'vibe' },
  'schedule_stars.user_id': { path: 'schedule.stars' },
  'schedules.user_id': { path: 'schedule.settings' },
  'schedule_follows.follower_id': { path: 'schedule.following' },
  'schedule_follows.followee_id': {
    count: 'schedule.followersCount',
    why: 'who follows my picks is theirs to tell',
  },
  'user_blocks.blocker_id': { path: 'blocks.blocked' },
  'user_blocks.blocked_id': {
    count: 'blocks.blockedByCount',
    why: 'who blocked me is theirs to keep (GDPR art. 15(4))',
  },
  'game_awards.user_id': { path: 'game.badges' },
  'game_vibe_days.user_id': { path: 'game.vibeDays' },
  'game_check_ins.user_id': { path: 'game.checkIns' },
  'game_invite_codes.user_id': { path: 'game.inviteCode' },
  'game_invites.invitee_id': { path: 'game.invitedBy' },
  'game_invites.inviter_id': { path: 'game.invitesSent' },
  'wifi_passes.user_id': { path: 'wifi.pass' },
  'wifi_devices.user_id': { path: 'wifi.devices' },
  'push_subscriptions.user_id': { path: 'reminders.pushSubscriptions' },
  'reminders_sent.user_id': { path: 'reminders.remindersSent' },
  'user_roles.user_id': { path: 'account.roles' },
  'vibe_reports.reporter_id': { path: 'safety.reportsMade' },
  'user_suspensions.user_id': { path: 'safety.suspension' },
  'audit_people.user_id': {
    omitted:
      "the moderators' log names people by pseudonym; this row ties mine to me, and goes with the account, leaving the log without me. What was done to my vibe and account is on them (vibe.moderation, safety.suspension)",
  },
  'audit_log.vibe_id': {
    omitted:
      'a vibe the moderators acted on, by id; the vibe itself (and what was done to it) is in vibe',
  },
  'live_presence.instance_id': {
    omitted:
      "not a person: a server instance's random id, beside how many people its live feed has (ADR 035)",
  },
  'rate_limits.key': {
    omitted:
      'abuse counters keyed by e-mail address or account, kept one RATE_LIMIT_WINDOW_S window',
  },
}
