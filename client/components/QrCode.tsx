import { qrPath } from '../../shared/qr/qr-path'

/**
 * A QR code drawn as one SVG path (no canvas, no inline HTML). Load it on demand (`lazy`): the QR
 * encoder comes with it, only when someone asks to see a code.
 */
export default function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = qrPath(text)
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      className="mx-auto size-48 rounded-lg bg-white p-1"
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#0b0414" />
    </svg>
  )
}
