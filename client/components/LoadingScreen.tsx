import { useLayoutEffect, useState } from 'react'
import { bootLoadingShown, holdBootLoading } from '../lib/boot-loading'
import { FullScreenMessage } from './FullScreenMessage'

/**
 * "Loading VibeConnect...": index.html's copy while it is still up (it stays, held), otherwise
 * drawn here. Every wait before a screen is ready shows this, so consecutive waits read as one.
 */
export function LoadingScreen() {
  // Decided once: the element is only removed when no loading screen holds it.
  const [usesBootElement] = useState(bootLoadingShown)
  useLayoutEffect(() => (usesBootElement ? holdBootLoading() : undefined), [usesBootElement])
  if (usesBootElement) return null
  return <FullScreenMessage>Loading VibeConnect...</FullScreenMessage>
}
