import type { AuthDeps } from './auth-service'

/**
 * Sessions were deleted and the deletion has committed: this instance stops trusting them at once
 * (ADR 015) and their live sockets close. On PostgreSQL a trigger announces every deleted session
 * to every instance, this one included (migration 004); SQLite is one process, so it is told here.
 */
export function sessionsEnded(
  deps: Pick<AuthDeps, 'recentSessions' | 'changes' | 'database'>,
  sessionIds: string[],
): void {
  deps.recentSessions.forget(sessionIds)
  if (deps.database.dialect === 'postgres') return
  for (const id of sessionIds) void deps.changes.publish({ type: 'session-ended', id })
}
