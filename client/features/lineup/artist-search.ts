// Folded once per text: lower case, accents dropped, so "beyonce" finds "Beyoncé" and "sigur ros"
// finds "Sigur Rós", as festival-goers type on a phone.
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** A matcher for an artist search: every word typed must appear in the artist's name. */
export function artistMatcher(query: string): (artist: string) => boolean {
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return () => true
  return (artist) => {
    const name = fold(artist)
    return words.every((word) => name.includes(word))
  }
}
