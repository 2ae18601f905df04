import { createHash } from 'node:crypto'

/**
 * The gateways the benchmarked server is the portal of: a level-1 one that phones sign in
 * through (its query is plain base64, so the load generator can make one per request), and a
 * level-3 one whose authmon polls are measured.
 */
export const BENCH_GATEWAYS = [
  { id: 'bench-gate', name: 'Bench Gate', faskey: 'bench-level-one-faskey-0123456789', level: 1 },
  { id: 'bench-poll', name: 'Bench Poll', faskey: 'bench-level-three-faskey-012345', level: 3 },
] as const

/** How authmon names its gateway: sha256 of the URL-encoded name. */
export const gatewayHash = (name: string) =>
  createHash('sha256').update(encodeURIComponent(name)).digest('hex')
