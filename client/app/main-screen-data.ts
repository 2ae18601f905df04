import type { QueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { loadFestivalInfo } from '../features/festival/festival-info'
import { gameQuery } from '../features/game/game.api'
import { crewQuery } from '../features/schedule/crew.api'
import { scheduleQuery } from '../features/schedule/schedule.api'
import { userCountQuery } from '../features/vibes/user-count.api'
import { vibesFeedQuery } from '../features/vibes/vibes-feed.api'
import { wifiPassQuery } from '../features/wifi/wifi.api'

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
    // Not the lineup: its card loads it each time it shows (the spec's toast on every load), so
    // asking here too would fetch it twice. On a phone it is fetched once the app is idle.
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
