/**
 * Roles beyond "user", granted and revoked by `npm run user:role` (docs/safety.md). They travel in
 * the access token's `app_metadata.roles`, as GoTrue carries claims, so the client can show
 * what a role may do; the server checks them in the database on every privileged request.
 */
export const ROLES = ['moderator', 'organiser'] as const
export type Role = (typeof ROLES)[number]

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value)
