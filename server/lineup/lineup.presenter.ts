import type { LineupResponse } from '../../shared/lineup/lineup.schema'
import type { LineupSnapshot } from './lineup-snapshot'

/** The spec's envelope for a stored lineup; the source stays on the server. */
export function presentLineup(snapshot: LineupSnapshot): LineupResponse {
  return {
    success: true,
    data: snapshot.sets,
    lastUpdated: new Date(snapshot.lastUpdated).toISOString(),
  }
}
