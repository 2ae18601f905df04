import { describe, expect, it } from 'vitest'
import { goingText } from './people-text'

describe('goingText', () => {
  it.each([
    [[], ''],
    [['Alex'], 'Alex goes'],
    [['Alex', 'Sam'], 'Alex and Sam go'],
    [['Alex', 'Sam', 'Kim'], 'Alex, Sam and Kim go'],
    [['Alex', 'Sam', 'Kim', 'Jo', 'Lu'], 'Alex, Sam and 3 more go'],
  ])('%j: "%s"', (names, text) => {
    expect(goingText(names)).toBe(text)
  })
})
