import type { Vibe, VibeModeration } from '../../../shared/vibes/vibe.schema'

/**
 * My vibe as the moderators left it. `moderation` comes with `/api/vibes/mine`, the answers to my
 * writes and my live `update`s; a live message without it means visible (docs/safety.md).
 */
export type MyVibeShown = Vibe & { moderation?: VibeModeration }

/** The short label for my vibe's state, or undefined while it is visible to everyone. */
export function moderationLabel(vibe: MyVibeShown): string | undefined {
  const state = vibe.moderation?.state
  if (state === 'hidden') return 'Under review'
  if (state === 'removed') return `Removed: ${vibe.moderation?.reason ?? 'no reason given'}`
  return undefined
}

/**
 * Tells me when my vibe is out of everyone else's feed, and why: hidden after reports until a
 * moderator looks, or removed by one with a reason. Nothing while it is visible.
 */
export function ModerationNotice({ me, onUpdate }: { me: MyVibeShown; onUpdate: () => void }) {
  const state = me.moderation?.state
  if (state !== 'hidden' && state !== 'removed') return null
  return (
    <section
      aria-label="Your vibe’s status"
      className="rounded-2xl border border-amber-300/40 border-l-4 border-l-amber-300 bg-amber-400/10 p-4"
    >
      <h2 className="font-bold break-words text-amber-100">{moderationLabel(me)}</h2>
      <p className="mt-1 text-zinc-100">
        {state === 'hidden'
          ? 'Some people reported your vibe, so it is hidden from the feed until a moderator looks at it. Nobody else sees it meanwhile.'
          : 'A moderator removed your vibe from the feed. Change your username or status to post it again.'}
      </p>
      {state === 'removed' ? (
        <button type="button" className="btn-secondary mt-3" onClick={onUpdate}>
          Update your vibe
        </button>
      ) : null}
    </section>
  )
}
