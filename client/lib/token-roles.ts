import type { Role } from '../../shared/safety/roles'

/**
 * The roles an access token's claims carry (`app_metadata.roles`, docs/safety.md): for showing
 * what the user may do. The server reads roles from its database on every request.
 */
export function tokenRoles(token: string | null | undefined): Role[] {
  try {
    const payload = token?.split('.')[1]
    if (!payload) return []
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')))
    const roles: unknown = claims?.app_metadata?.roles
    return Array.isArray(roles)
      ? roles.filter((role): role is Role => role === 'moderator' || role === 'organiser')
      : []
  } catch {
    return []
  }
}
