const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const twoDigits = (n: number) => String(n).padStart(2, '0')

/**
 * A time this week in this device's zone, as the app's English reads it, e.g. "Fri 21:30": badges
 * earned, devices seen. Written by hand, not with `toLocaleString`: the first date formatted in
 * a locale loads ICU's date data, which cost a slow phone ~125 ms of main thread inside the main
 * screen's first render (the level card's earned badges), for three short words.
 */
export function formatWeekdayTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return `${WEEKDAYS[date.getDay()]} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`
}
