import type { QueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { loadFestivalInfo } from '../features/festival/festival-info'
import { gameQuery } from '../features/game/game.api'
import { lineupQuery } from '../features/lineup/lineup.api'
import { crewQuery } from '../features/schedule/crew.api'
import { scheduleQuery } from '../features/schedule/schedule.api'
import { userCountQuery } from '../features/vibes/user-count.api'
import { vibesFeedQuery } from '../features/vibes/vibes-feed.api'
import { wifiPassQuery } from '../features/wifi/wifi.api'
import { lineupShownAtStart } from './MainSections'

/**
 * How long the main screen waits for its data once my vibe is in, before it draws what it has
 * (the rest shows its loading state): a slow answer must not hold the whole screen.
 */
export const MAIN_SCREEN_WAIT_MS = 1500

/**
 * Asks for everything the main screen shows at first, all at once. Never rejects: a failure is
 * the screen's to show (each part has its own error state).
 */
export function prefetchMainScreen(queryClient: QueryClient): Promise<unknown> {
  return Promise.allSettled([
    loadFestivalInfo(),
    queryClient.prefetchQuery(wifiPassQuery),
    queryClient.prefetchQuery(gameQuery),
    queryClient.prefetchInfiniteQuery(vibesFeedQuery),
    queryClient.prefetchQuery(userCountQuery),
    queryClient.prefetchQuery(scheduleQuery),
    queryClient.prefetchQuery(crewQuery),
    // The lineup's hundreds of sets only when they show at once (a wide screen, or a phone that
    // last chose the lineup); otherwise it is fetched once the app is idle (use-offline-data.ts).
    lineupShownAtStart() ? queryClient.prefetchQuery(lineupQuery) : undefined,
  ])
}

/**
 * Starts the main screen's data alongside my vibe's (one round trip to the first view, not two)
 * and says when the main screen should draw: once that data is in, or `MAIN_SCREEN_WAIT_MS` after
 * `vibeSettled`, or at once offline (what the device kept is all there will be). Drawing once
 * with the data, rather than once per answer, spares a phone a render and a layout per answer.
 */
export function useMainScreenData(queryClient: QueryClient, vibeSettled: boolean): boolean {
  const [dataIn, setDataIn] = useState(false)
  const [waitedEnough, setWaitedEnough] = useState(false)
  useEffect(() => {
    let current = true
    void prefetchMainScreen(queryClient).then(() => current && setDataIn(true))
    return () => {
      current = false
    }
  }, [queryClient])
  useEffect(() => {
    if (!vibeSettled) return
    const timer = setTimeout(() => setWaitedEnough(true), MAIN_SCREEN_WAIT_MS)
    return () => clearTimeout(timer)
  }, [vibeSettled])
  return dataIn || waitedEnough || !navigator.onLine
}
