/**
 * A short, human name for a device from its browser's User-Agent, for the app's device list
 * ("iPhone", "Android phone", ...). Nothing more of the User-Agent is kept.
 */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? ''
  if (/iPhone/.test(ua)) return 'iPhone'
  if (/iPad/.test(ua)) return 'iPad'
  if (/Android/.test(ua)) return /Mobile/.test(ua) ? 'Android phone' : 'Android tablet'
  if (/CaptiveNetworkSupport|Macintosh|Mac OS X/.test(ua)) return 'Mac'
  if (/Windows/.test(ua)) return 'Windows computer'
  if (/CrOS/.test(ua)) return 'Chromebook'
  if (/Linux/.test(ua)) return 'Linux computer'
  return 'Device'
}
