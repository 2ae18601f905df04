/**
 * Row types, one interface per table. Times are integer milliseconds since the Unix epoch (UTC)
 * on both SQLite and PostgreSQL, so ordering, comparison and presentation are identical on both.
 */
export interface UsersTable {
  id: string
  email: string
  encrypted_password: string
  email_confirmed_at: number | null
  last_sign_in_at: number | null
  created_at: number
  updated_at: number
}

export interface AuthSessionsTable {
  id: string
  user_id: string
  created_at: number
  refreshed_at: number
  user_agent: string | null
  ip: string | null
}

export interface RefreshTokensTable {
  token_hash: string
  session_id: string
  user_id: string
  parent_hash: string | null
  created_at: number
  /** When the token was exchanged for its successor; a used token is refused after the reuse window. */
  used_at: number | null
}

export interface OneTimeTokensTable {
  token_hash: string
  user_id: string
  kind: 'confirmation' | 'recovery' | 'reauthentication'
  redirect_to: string | null
  created_at: number
  expires_at: number
  used_at: number | null
}

export interface AuthKeysTable {
  id: string
  secret: string
  created_at: number
}

export interface CountersTable {
  name: string
  value: number
}

export interface RateLimitsTable {
  key: string
  window_start: number
  hits: number
}

export interface VibesTable {
  id: string
  user_id: string
  username: string
  emoji: string
  status: string
  created_at: number
  updated_at: number
  /** `visible`, `hidden` (pending review after reports) or `removed` (by a moderator). */
  moderation: 'visible' | 'hidden' | 'removed'
  /** Why a moderator removed it: shown to its author. */
  moderation_reason: string | null
  /** The username folded for comparison (case, accents, look-alikes): against impersonation. */
  username_key: string | null
}

export interface LineupSnapshotsTable {
  id: string
  items_json: string
  etag: string
  source: string
  last_updated: number
}

export interface WifiPassesTable {
  user_id: string
  code_hash: string
  code_cipher: string
  created_at: number
}

export interface WifiDevicesTable {
  id: string
  user_id: string
  /** A keyed hash of the MAC address: the same device is recognised, its address is not kept. */
  device_hash: string
  label: string
  gateway: string
  first_seen: number
  last_seen: number
  /** When the session the gateway was given for it ends. */
  session_until: number
  /** When a gateway reported it cut off (deauthenticated), if it did. */
  cut_off_at: number | null
}

export interface WifiGrantsTable {
  gateway: string
  rhid: string
  /** None for a grace grant (an account waiting for its confirmation mail). */
  device_id: string | null
  /** The line authmon hands to `ndsctl auth`: rhid, minutes, rates, quotas, custom. */
  line: string
  created_at: number
  acknowledged_at: number | null
}

export interface WifiGatewayNoticesTable {
  id: string
  gateway: string
  kind: 'deauthed' | 'custom'
  payload: string
  received_at: number
}

/** A badge a user earned (docs/game.md); one row per (user, badge). */
export interface GameAwardsTable {
  user_id: string
  badge: string
  awarded_at: number
}

/** A festival day (YYYY-MM-DD by the festival's clock) on which the user set their vibe. */
export interface GameVibeDaysTable {
  user_id: string
  day: string
}

export interface GameCheckInsTable {
  user_id: string
  stage: string
  /** The festival day of the check-in: one per stage and day. */
  day: string
  checked_in_at: number
}

export interface GameInviteCodesTable {
  user_id: string
  code: string
  created_at: number
}

export interface GameInvitesTable {
  invitee_id: string
  inviter_id: string
  accepted_at: number
  /** When the friend set a vibe and the invite counted for both; null until then (or if capped). */
  counted_at: number | null
}

/** A star on a set of the lineup (docs/companion.md). */
export interface ScheduleStarsTable {
  user_id: string
  set_key: string
  starred_at: number
  /** The set (LineupItem JSON) as the user starred it or last acknowledged its change. */
  seen_json: string
}

/** A user's schedule: its version, calendar and share links, reminder choices. */
export interface SchedulesTable {
  user_id: string
  /** Bumped by every star change: with the lineup's ETag, the calendar feed's ETag. */
  version: number
  calendar_hash: string | null
  calendar_cipher: string | null
  share_hash: string | null
  share_cipher: string | null
  /** Minutes before a starred set to remind (5, 10, 15, 30); null for none. */
  remind_minutes: number | null
  /** 1 to be told of changes to starred sets. */
  remind_changes: number
}

export interface ScheduleFollowsTable {
  follower_id: string
  followee_id: string
  followed_at: number
}

/** A browser's Web Push subscription. */
export interface PushSubscriptionsTable {
  /** sha256 of the endpoint: the key (endpoints are long URLs). */
  endpoint_hash: string
  user_id: string
  endpoint: string
  p256dh: string
  auth: string
  created_at: number
}

/** A reminder or change notice sent: one per (user, set, kind). */
export interface RemindersSentTable {
  user_id: string
  set_key: string
  /** `before:<start>` (the minutes-before reminder) or `change:<what changed>` (docs/reminders.md). */
  kind: string
  sent_at: number
}

/** A role beyond "user": `moderator` or `organiser` (granted by `npm run user:role`). */
export interface UserRolesTable {
  user_id: string
  role: 'moderator' | 'organiser'
  granted_at: number
}

/** One report of a vibe by one account. */
export interface VibeReportsTable {
  vibe_id: string
  reporter_id: string
  /** One of REPORT_REASONS (shared/safety/report-input.schema.ts). */
  reason: 'harassment' | 'hate' | 'drugs' | 'spam' | 'impersonation' | 'other'
  note: string | null
  created_at: number
  /** When a moderator acted on the vibe. */
  handled_at: number | null
}

export interface UserSuspensionsTable {
  user_id: string
  until: number
  reason: string
  created_at: number
}

/** Who an audit-log pseudonym is, while the account exists. */
export interface AuditPeopleTable {
  pseudonym: string
  user_id: string
}

/** An action of a moderator or organiser: appended, never changed. */
export interface AuditLogTable {
  id: string
  at: number
  /** The actor's pseudonym (audit_people). */
  actor: string
  action: string
  /** The pseudonym of the person acted on, if any. */
  subject: string | null
  vibe_id: string | null
  reason: string | null
  /** JSON with no personal data (e.g. a suspension's hours). */
  details: string | null
}

/** A block (docs/privacy.md): neither person sees the other's vibes or shared picks. */
export interface UserBlocksTable {
  blocker_id: string
  blocked_id: string
  created_at: number
}

/** One instance's live viewers at its last heartbeat (ADR 035, addendum): counts, nobody. */
export interface LivePresenceTable {
  instance_id: string
  viewers: number
  seen_at: number
}

export interface Database {
  users: UsersTable
  auth_sessions: AuthSessionsTable
  refresh_tokens: RefreshTokensTable
  one_time_tokens: OneTimeTokensTable
  auth_keys: AuthKeysTable
  counters: CountersTable
  rate_limits: RateLimitsTable
  vibes: VibesTable
  lineup_snapshots: LineupSnapshotsTable
  wifi_passes: WifiPassesTable
  wifi_devices: WifiDevicesTable
  wifi_grants: WifiGrantsTable
  wifi_gateway_notices: WifiGatewayNoticesTable
  game_awards: GameAwardsTable
  game_vibe_days: GameVibeDaysTable
  game_check_ins: GameCheckInsTable
  game_invite_codes: GameInviteCodesTable
  game_invites: GameInvitesTable
  schedule_stars: ScheduleStarsTable
  schedules: SchedulesTable
  schedule_follows: ScheduleFollowsTable
  push_subscriptions: PushSubscriptionsTable
  reminders_sent: RemindersSentTable
  user_roles: UserRolesTable
  vibe_reports: VibeReportsTable
  user_suspensions: UserSuspensionsTable
  audit_people: AuditPeopleTable
  audit_log: AuditLogTable
  user_blocks: UserBlocksTable
  live_presence: LivePresenceTable
}
