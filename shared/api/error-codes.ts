/**
 * Stable machine codes for every error the server answers (apart from the envelope's schema, so
 * the browser can read them without loading zod). Auth codes are GoTrue's own, so the
 * unmodified @supabase/auth-js raises its usual error classes for them.
 */
export const ERROR_CODES = [
  // generic
  'validation_failed',
  'bad_json',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'request_timeout',
  'internal_error',
  'service_unavailable',
  'over_request_rate_limit',
  'too_many_connections',
  // auth (GoTrue)
  'invalid_credentials',
  'email_not_confirmed',
  'user_already_exists',
  'weak_password',
  'same_password',
  'session_not_found',
  'no_authorization',
  'bad_jwt',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'otp_expired',
  'reauthentication_needed',
  'reauthentication_not_valid',
  'unsupported_grant_type',
  // data
  'forbidden',
  'vibe_already_exists',
  'vibe_not_found',
  'vibe_changed',
  // safety (docs/safety.md)
  'report_own_vibe',
  'vibe_held_back',
  'username_taken',
  'account_suspended',
  'role_required',
  'user_not_found',
  'suspension_not_found',
  // game
  'stage_code_invalid',
  'stage_code_expired',
  'already_checked_in',
  'invite_not_found',
  'invite_own',
  'invite_not_new',
  'invite_mutual',
  // lineup
  'lineup_unavailable',
  // schedule (the festival companion)
  'set_not_found',
  'share_not_found',
  'follow_own',
  'calendar_not_found',
  // reminders (Web Push)
  'push_disabled',
  // blocks and my account (docs/privacy.md)
  'block_self',
  'user_not_found',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]
