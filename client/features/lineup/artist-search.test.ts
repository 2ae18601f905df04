import { describe, expect, it } from 'vitest'
import { artistMatcher } from './artist-search'

describe('artistMatcher', () => {
  it('finds artists by any part of their name, ignoring case and accents', () => {
    const matches = artistMatcher('  sigur ROS ')
    expect(matches('Sigur Rós')).toBe(true)
    expect(matches('Rosalía')).toBe(false)
    expect(artistMatcher('harb')('Neon Harbour')).toBe(true)
    expect(artistMatcher('beyonce')('Beyoncé')).toBe(true)
  })

  it('matches everyone when nothing is typed', () => {
    expect(artistMatcher('   ')('Anyone')).toBe(true)
  })
})
