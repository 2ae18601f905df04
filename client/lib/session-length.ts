/** A WiFi session's length as people say it: "6 h", "4 h 30 min", "45 min". */
export function sessionLength(minutes: number): string {
  if (minutes < 60) return `${minutes} min`
  const rest = minutes % 60
  return rest === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${rest} min`
}
