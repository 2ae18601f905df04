import { sessionLength } from '../../lib/session-length'

/** "Level 3" and "6 h of WiFi per session. Next: 2 more stages": one sentence, two lines. */
export function levelLine(
  level: number,
  sessionMinutes: number,
  next: { hint: string } | null,
): { level: string; rest: string } {
  const grant = `${sessionLength(sessionMinutes)} of WiFi per session.`
  return {
    level: `Level ${level}`,
    rest: next ? `${grant} Next: ${next.hint}` : `${grant} Top level!`,
  }
}
