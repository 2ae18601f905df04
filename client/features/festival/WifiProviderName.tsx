import { useFestivalInfo } from './festival-info'

/**
 * The festival's WiFi partner, for the sign-in screen's credit line; '…' until it has loaded.
 * Loaded on demand, after the sign-in screen's first paint (ADR 017).
 */
export default function WifiProviderName() {
  return <>{useFestivalInfo()?.wifiProvider ?? '…'}</>
}
