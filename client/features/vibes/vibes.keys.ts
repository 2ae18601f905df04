/** Query keys for the vibes feature, in one place so the live channel updates the same caches. */
export const vibesKeys = {
  all: ['vibes'] as const,
  feed: () => ['vibes', 'feed'] as const,
  mine: (userId: string) => ['vibes', 'mine', userId] as const,
  userCount: () => ['users', 'count'] as const,
}
