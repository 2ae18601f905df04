import type { FestivalInfo } from '../../../shared/festival/festival.schema'
import { apiRequest } from '../../lib/api-client'

/** The configured festival identity: name, year, zone and WiFi partner. */
export const getFestivalInfo = () => apiRequest<FestivalInfo>('/api/festival')
