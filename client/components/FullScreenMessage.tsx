import type { ReactNode } from 'react'

/** A centred message that fills the screen, announced politely to screen readers. */
export function FullScreenMessage({ children }: { children: ReactNode }) {
  return (
    <main className="grid min-h-dvh place-items-center p-6 text-center">
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-4">
        <span
          aria-hidden="true"
          className="size-12 animate-spin rounded-full border-4 border-fuchsia-400 border-t-transparent motion-reduce:animate-none"
        />
        <p className="text-lg font-semibold text-zinc-100">{children}</p>
      </div>
    </main>
  )
}
