import { useQueryClient } from '@tanstack/react-query'
import {
  lazy,
  Suspense,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { Vibe } from '../../../shared/vibes/vibe.schema'
import { LoadFailureBoundary } from '../../components/LoadFailureBoundary'
import { toast } from '../../components/toasts/toast'
import { useNow } from '../../lib/use-now'
import { useOnVisible } from '../../lib/use-on-visible'
import { BlockDialog } from './BlockDialog'
import { EmptyFeed } from './EmptyFeed'
import { FeedEntry } from './FeedEntry'
import { FeedToolbar } from './FeedToolbar'
import { resyncFeed } from './live/live-cache-sync'
import type { LiveStatus } from './live/live-connection'
import { pollingInterval } from './live/polling'
import { useUserCount } from './user-count.api'
import { useVibesFeed } from './vibes-feed.api'

// The report form and its checks (zod) load on the first Report pressed, with the update form.
const loadReportDialog = () =>
  import('./vibe-forms').then((module) => ({ default: module.ReportDialog }))

interface VibesFeedProps {
  userId: string
  liveStatus: LiveStatus
  onUpdateVibe: () => void
}

/** "Who's Vibin'?": everyone's vibes, newest first, loading more as the reader scrolls. */
export function VibesFeed({ userId, liveStatus, onUpdateVibe }: VibesFeedProps) {
  const titleId = useId()
  const queryClient = useQueryClient()
  const feed = useVibesFeed(pollingInterval(liveStatus))
  const userCount = useUserCount(pollingInterval(liveStatus))
  const now = useNow()
  const sentinel = useRef<HTMLDivElement>(null)
  const [blocking, setBlocking] = useState<Vibe | null>(null)
  const [reporting, setReporting] = useState<Vibe | null>(null)
  // Older pages load on scrolling, but not while the feed is reloading, nor before the live
  // channel's first catch-up: that keeps only the first page (resyncFeed), so a page loaded just
  // before it would be dropped and asked for again.
  const canLoadMore =
    feed.hasNextPage && !feed.isFetching && !feed.isError && liveStatus !== 'connecting'

  useOnVisible(sentinel, () => void feed.fetchNextPage(), { enabled: canLoadMore })

  const vibes = useMemo(() => feed.data?.pages.flatMap((page) => page.vibes) ?? [], [feed.data])
  // The button turns while a reload the user asked for runs. The live channel's quiet catch-ups
  // (at every connect) do not turn it: nobody asked, and redrawing it cost a layout at start.
  const [refreshing, setRefreshing] = useState(false)
  const refresh = () => {
    setRefreshing(true)
    void resyncFeed(queryClient).finally(() => setRefreshing(false))
  }

  return (
    <section aria-labelledby={titleId} className="card">
      <FeedToolbar
        titleId={titleId}
        userCount={userCount}
        liveStatus={liveStatus}
        refreshing={refreshing}
        onRefresh={refresh}
        onUpdateVibe={onUpdateVibe}
      />
      {feed.isPending ? (
        <p role="status" className="py-8 text-center text-zinc-300">
          Loading vibes...
        </p>
      ) : vibes.length === 0 && feed.isError ? (
        <p className="py-8 text-center text-zinc-300">
          The vibes didn't load. Use the refresh button to try again.
        </p>
      ) : vibes.length === 0 ? (
        <EmptyFeed onShare={onUpdateVibe} />
      ) : (
        <FeedList
          vibes={vibes}
          userId={userId}
          now={now}
          titleId={titleId}
          onBlock={setBlocking}
          onReport={setReporting}
        />
      )}
      <div ref={sentinel} aria-hidden="true" />
      {feed.hasNextPage ? (
        <button
          type="button"
          className="btn-secondary mt-4 w-full"
          onClick={() => void feed.fetchNextPage()}
          disabled={feed.isFetchingNextPage}
        >
          {feed.isFetchingNextPage ? 'Loading more...' : 'Load more'}
        </button>
      ) : null}
      <BlockDialog
        vibe={blocking}
        onClose={() => setBlocking(null)}
        focusAfter={() => document.getElementById(titleId)}
      />
      {reporting ? <ReportOpening vibe={reporting} onClose={() => setReporting(null)} /> : null}
    </section>
  )
}

/** Entries drawn at once when the feed first shows: more than a phone's screen holds. */
const FIRST_ENTRIES = 8

function FeedList(props: {
  vibes: Vibe[]
  userId: string
  now: number
  titleId: string
  onBlock: (vibe: Vibe) => void
  onReport: (vibe: Vibe) => void
}) {
  const { userId, now, titleId, onBlock, onReport } = props
  // The first render draws a screenful; the rest of the page follows in a render React can
  // interrupt, so fifty entries never hold a slow phone's main thread in one long task. Later
  // changes (live, next pages) render the same way, over the list already shown.
  const vibes = useDeferredValue(props.vibes, props.vibes.slice(0, FIRST_ENTRIES))
  return (
    <ul aria-labelledby={titleId} className="flex flex-col gap-3">
      {vibes.map((vibe) => (
        <FeedEntry
          key={vibe.id}
          vibe={vibe}
          isMine={vibe.userId === userId}
          now={now}
          onBlock={onBlock}
          onReport={onReport}
        />
      ))}
    </ul>
  )
}

/**
 * One opening of the report dialog: a lazy component of its own each time, since React keeps a
 * failed download for good; a failed one says so in a toast and the feed stays as it was.
 */
function ReportOpening({ vibe, onClose }: { vibe: Vibe; onClose: () => void }) {
  const [ReportDialog] = useState(() => lazy(loadReportDialog))
  return (
    <LoadFailureBoundary what="the report form" fallback={<ReportFailed onClose={onClose} />}>
      <Suspense fallback={null}>
        <ReportDialog vibe={vibe} onClose={onClose} />
      </Suspense>
    </LoadFailureBoundary>
  )
}

function ReportFailed({ onClose }: { onClose: () => void }) {
  useEffect(() => {
    toast.error("The report form didn't load", {
      description: 'Check your connection and try again.',
    })
    onClose()
  }, [onClose])
  return null
}
