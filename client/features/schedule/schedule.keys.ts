/** The query keys of my schedule, my crew and my links; the live lineup event reloads `mine`. */
export const scheduleKeys = {
  all: () => ['schedule'] as const,
  mine: () => ['schedule', 'mine'] as const,
  crew: () => ['schedule', 'crew'] as const,
  shared: (code: string) => ['schedule', 'shared', code] as const,
  calendarLink: () => ['schedule', 'calendar-link'] as const,
  shareLink: () => ['schedule', 'share-link'] as const,
}
