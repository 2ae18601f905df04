/** What the feed shows before anyone has shared a vibe. */
export function EmptyFeed({ onShare }: { onShare: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-white/15 px-4 py-10 text-center">
      <span aria-hidden="true" className="font-emoji text-5xl">
        🎪
      </span>
      <p className="text-lg font-bold text-white">No vibes yet!</p>
      <p className="text-zinc-300">Be the first to share your festival energy</p>
      <button type="button" className="btn-primary mt-2" onClick={onShare}>
        Share Your Vibe
      </button>
    </div>
  )
}
