import type { FestivalInfo } from '../../shared/festival/festival.schema'
import { zoneOffsets } from '../../shared/time/zone-offsets'

/** The festival the component tests run at: Amsterdam's clock, days turning at 06:00. */
export const testFestival: FestivalInfo = {
  name: 'Sunwave Festival',
  year: 2026,
  timeZone: 'Europe/Amsterdam',
  dayChangeHour: 6,
  wifiProvider: 'Nova Mobile',
  zoneOffsets: zoneOffsets('Europe/Amsterdam', Date.UTC(2025, 0, 1), Date.UTC(2028, 0, 1)),
}
