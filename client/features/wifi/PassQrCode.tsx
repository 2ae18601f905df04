import { encode } from 'uqr'

/**
 * The QR code of my pass's portal link, drawn as one SVG path (no canvas, no inline HTML). Loaded
 * on demand with the QR encoder, only when someone asks to see it.
 */
export default function PassQrCode({ url, code }: { url: string; code: string }) {
  const { size, data } = encode(url, { ecc: 'M', border: 2 })
  let path = ''
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`
    })
  })
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={`QR code of the WiFi sign-in link with pass code ${code}`}
      className="mx-auto size-48 rounded-lg bg-white p-1"
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#0b0414" />
    </svg>
  )
}
