/**
 * The vibe rules' numbers, apart from the schemas that use them: the browser's first screens need
 * the numbers but not zod, which costs a slow phone a long task to load and build (ADR 016).
 */
export const USERNAME_MAX_LENGTH = 20
export const STATUS_MAX_LENGTH = 100
export const EMOJI_MAX_LENGTH = 4
export const DEFAULT_EMOJI = '🎉'

export const FEED_PAGE_SIZE = 50
export const FEED_PAGE_MAX = 100
