/** "Fri 10 Jul, 16:05": an instant in this device's zone, as the app's English reads it. */
export const formatLocalMoment = (instant: string | number) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(instant))
