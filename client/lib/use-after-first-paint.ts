import { useEffect, useState } from 'react'
import { afterNextPaint } from './after-next-paint'

/** False until the frame after mount has been painted: for work that must not delay that paint. */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => afterNextPaint(() => setPainted(true)), [])
  return painted
}
