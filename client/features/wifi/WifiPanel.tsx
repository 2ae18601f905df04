import { useId, useState } from 'react'
import { formatWeekdayTime } from '../../../shared/time/weekday-time'
import type { WifiDevice, WifiPass } from '../../../shared/wifi/wifi.schema'
import { toast } from '../../components/toasts/toast'
import { useQrCodeToggle } from '../../components/use-qr-code-toggle'
import { sessionLength } from '../../lib/session-length'
import { useSwapFocus } from '../../lib/use-swap-focus'
import { useForgetDevice, useRegeneratePass, useWifiPass } from './wifi.api'

/**
 * My festival WiFi pass: the code to type on the WiFi sign-in page (or its QR code), what a
 * session gives, the devices it let through (each forgettable), and a new code on request.
 */
export function WifiPanel() {
  const headingId = useId()
  const pass = useWifiPass()
  return (
    <section aria-labelledby={headingId} className="card">
      <p className="text-xs font-semibold tracking-widest text-cyan-300 uppercase">Festival WiFi</p>
      <h2 id={headingId} className="text-xl font-bold text-zinc-50">
        Your WiFi pass
      </h2>
      {/* As tall as the pass below, so nothing under the panel jumps when it arrives. */}
      {pass.isPending && (
        <p className="mt-2 min-h-[10.5rem] text-zinc-300">Loading your WiFi pass...</p>
      )}
      {pass.isError && (
        <p className="mt-2 text-zinc-300" role="alert">
          Couldn't load your WiFi pass. Try again in a moment.
        </p>
      )}
      {pass.data && <PassDetails pass={pass.data} />}
    </section>
  )
}

function PassDetails({ pass }: { pass: WifiPass }) {
  // No gateway set up, no page to scan to: `portalUrl` is null and neither part is shown.
  const qr = useQrCodeToggle(
    pass.portalUrl ?? '',
    `QR code of a page that shows pass code ${pass.code}`,
    {
      caption: (
        <p className="mt-2 text-center text-sm text-zinc-300">
          Scan it with the phone that needs the WiFi: it shows this code and what to do with it.
        </p>
      ),
    },
  )
  return (
    <>
      <p className="mt-3 text-sm text-zinc-300">
        On the festival WiFi's sign-in page, choose <strong>WiFi pass code</strong> and type:
      </p>
      <p className="mt-2 font-mono text-3xl font-bold tracking-[0.2em] text-white">{pass.code}</p>
      <p className="mt-2 text-sm text-zinc-300">
        Each session lasts {sessionLength(pass.sessionMinutes)}, on up to {pass.devicesPerAccount}{' '}
        devices at once.
      </p>
      {/* The rest one tap away, so the panel stays short on a phone (docs/wifi.md). */}
      <details className="group mt-3">
        <summary className="btn-ghost -mx-2 cursor-pointer list-none px-2 text-sm">
          {/* Without a gateway there is no QR code to show: the summary does not promise one. */}
          <span className="group-open:hidden">
            {pass.portalUrl ? 'QR code, new code and my devices' : 'New code and my devices'}
          </span>
          <span className="hidden group-open:inline">
            {pass.portalUrl
              ? 'Hide QR code, new code and my devices'
              : 'Hide new code and my devices'}
          </span>
        </summary>
        <div className="mt-2 flex flex-wrap gap-2">
          {pass.portalUrl && qr.button}
          <NewCodeButton />
        </div>
        {pass.portalUrl && qr.code}
        <Devices devices={pass.devices} />
        <p className="mt-4 text-xs text-zinc-400">
          We keep no device addresses, only a scrambled fingerprint, and delete device records{' '}
          {pass.retention.purgeAfter
            ? `on ${pass.retention.purgeAfter} (${pass.retention.days} days after the festival)`
            : `${pass.retention.days} days after a device was last seen`}
          .
        </p>
      </details>
    </>
  )
}

function NewCodeButton() {
  const regenerate = useRegeneratePass()
  const [confirming, setConfirming] = useState(false)
  // The focus follows the button to the question (on Cancel, the safe answer) and back.
  const focus = useSwapFocus<HTMLButtonElement, HTMLButtonElement>(confirming)
  const answer = (next: boolean) => {
    focus.swapping()
    setConfirming(next)
  }
  if (!confirming) {
    return (
      <button ref={focus.off} type="button" className="btn-ghost" onClick={() => answer(true)}>
        Get a new code
      </button>
    )
  }
  const confirm = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => {
        answer(false)
        toast.success('New WiFi pass code', { description: 'The old code no longer works.' })
      },
      onError: (error) => toast.error("Couldn't make a new code", { description: error.message }),
    })
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Get a new code</legend>
      <span className="text-sm text-zinc-200">The old code stops working at once.</span>
      <button
        type="button"
        className="btn-primary"
        onClick={confirm}
        disabled={regenerate.isPending}
      >
        Yes, new code
      </button>
      <button ref={focus.on} type="button" className="btn-ghost" onClick={() => answer(false)}>
        Cancel
      </button>
    </fieldset>
  )
}

function Devices({ devices }: { devices: WifiDevice[] }) {
  const headingId = useId()
  const forget = useForgetDevice()
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h3 id={headingId} className="font-semibold text-zinc-50">
        Devices on your pass
      </h3>
      {devices.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-300">None yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-white/10">
          {devices.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <p className="min-w-0 text-sm">
                <span className="block font-medium text-zinc-50">
                  {device.label} · {device.gateway}
                </span>
                <span className="block text-zinc-300">
                  {device.online ? 'Online' : device.cutOffAt ? 'Cut off' : 'Session ended'} · first
                  seen {formatWeekdayTime(device.firstSeen)} · last seen{' '}
                  {formatWeekdayTime(device.lastSeen)}
                  {device.cutOffAt && ` · cut off ${formatWeekdayTime(device.cutOffAt)}`}
                </span>
              </p>
              <button
                type="button"
                className="btn-ghost text-sm"
                aria-label={`Forget ${device.label} (${device.gateway})`}
                disabled={forget.isPending}
                onClick={() =>
                  forget.mutate(device.id, {
                    onSuccess: () => toast('Device forgotten'),
                    onError: (error) =>
                      toast.error("Couldn't forget the device", { description: error.message }),
                  })
                }
              >
                Forget
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
