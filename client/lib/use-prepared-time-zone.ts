import { useEffect, useState } from 'react'
import { prepareLineupFormatting } from '../../shared/lineup/lineup-format'

/**
 * The festival's time zone once the lineup's formatters for it are built, `undefined` before. The
 * build (ICU's date data, the slowest part of the lineup's first render) runs in a task of its own
 * right after the zone is known, instead of inside the render that first shows a time: two
 * shorter tasks keep a slow phone's main thread free for input in between.
 */
export function usePreparedTimeZone(timeZone: string | undefined): string | undefined {
  const [prepared, setPrepared] = useState<string>()
  useEffect(() => {
    if (!timeZone) return
    const timer = setTimeout(() => {
      prepareLineupFormatting(timeZone)
      setPrepared(timeZone)
    })
    return () => clearTimeout(timer)
  }, [timeZone])
  return prepared === timeZone ? prepared : undefined
}
