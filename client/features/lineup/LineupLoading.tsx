// The loaded lineup is several screens tall: hold a screen's height meanwhile, so what is below
// starts out of view instead of jumping down when the sets arrive (layout shift).
export function LineupLoading() {
  return (
    <p role="status" className="mt-6 min-h-dvh text-zinc-300">
      Loading lineup...
    </p>
  )
}
