import { formatFestivalDay } from '../../../shared/lineup/lineup-format'

/** "Fri 10 Jul": a festival day short enough for five tabs on a phone. */
export function shortFestivalDay(date: string): string {
  const [weekday = '', day = '', month = ''] = formatFestivalDay(date).split(' ')
  return `${weekday.slice(0, 3)} ${day} ${month.slice(0, 3)}`
}
