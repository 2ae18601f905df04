import { WifiIcon } from '../../components/icons'
import { useFestivalInfo } from './festival-info'

/** The line crediting the festival's WiFi partner, once the festival info has loaded. */
export function WifiCredit() {
  const festival = useFestivalInfo()
  return (
    <p className="flex min-h-6 items-center justify-center gap-2 text-sm text-cyan-200">
      {festival ? (
        <>
          <WifiIcon />
          <span>
            WiFi powered by{' '}
            <strong className="font-semibold text-white">{festival.wifiProvider}</strong>
          </span>
        </>
      ) : null}
    </p>
  )
}
