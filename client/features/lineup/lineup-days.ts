import { formatFestivalDay } from '../../../shared/lineup/lineup-format'

/** "Fri 10 Jul": a festival day in short. */
export function shortFestivalDay(date: string): string {
  const { weekday, day, month } = dayParts(date)
  return `${weekday} ${day} ${month}`
}

/** The short weekday, day and month of a festival day ("Fri", "10", "Jul"). */
export function dayParts(date: string) {
  const [weekday = '', day = '', month = ''] = formatFestivalDay(date).split(' ')
  return { weekday: weekday.slice(0, 3), day, month: month.slice(0, 3) }
}
