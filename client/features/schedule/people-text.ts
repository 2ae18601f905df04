/**
 * "Alex goes", "Alex and Sam go", "Alex, Sam and Kim go", "Alex, Sam and 3 more go": who of my
 * crew is going to a set, short enough for a timetable block.
 */
export function goingText(names: readonly string[]): string {
  const [first, second, third] = names
  if (first === undefined) return ''
  if (second === undefined) return `${first} goes`
  if (third === undefined) return `${first} and ${second} go`
  if (names.length === 3) return `${first}, ${second} and ${third} go`
  return `${first}, ${second} and ${names.length - 2} more go`
}
