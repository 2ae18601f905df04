/**
 * "12,345 users signed up", "1 user signed up". Written out rather than with Intl: the first
 * `toLocaleString` and `Intl.PluralRules` load ICU's number and plural data, which cost a slow
 * phone ~200 ms of main thread each, inside the signed-in app's first render. English groups
 * digits in threes with commas and has one singular form, for exactly 1.
 */
export function signedUpText(count: number): string {
  const digits = String(Math.trunc(count))
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',')
  return `${grouped} ${count === 1 ? 'user' : 'users'} signed up`
}
