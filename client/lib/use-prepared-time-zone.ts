import { useEffect, useState } from 'react'
import { prepareLineupFormatting } from '../../shared/lineup/lineup-format'
import { hasOffsetTable } from '../../shared/time/offset-tables'

/**
 * The festival's time zone once its times can be written, `undefined` before. With the server's
 * offset table for the zone (ADR 038) that is at once. Without it, ICU's zone data is loaded (the
 * slowest part of the lineup's first render) in a task of its own right after the zone is known,
 * instead of inside the render that first shows a time: two shorter tasks keep a slow phone's
 * main thread free for input in between.
 */
export function usePreparedTimeZone(timeZone: string | undefined): string | undefined {
  const tabled = timeZone !== undefined && hasOffsetTable(timeZone)
  const [prepared, setPrepared] = useState<string>()
  useEffect(() => {
    if (!timeZone || tabled) return
    const timer = setTimeout(() => {
      prepareLineupFormatting(timeZone)
      setPrepared(timeZone)
    })
    return () => clearTimeout(timer)
  }, [timeZone, tabled])
  return tabled || prepared === timeZone ? timeZone : undefined
}
