/** A time this week as the device's locale says it, e.g. "Fri 21:30": badges earned, devices seen. */
export const formatWeekdayTime = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' })
