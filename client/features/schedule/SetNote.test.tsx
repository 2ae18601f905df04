import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SetNote } from './SetNote'

const alex = { userId: 'u-1', username: 'Alex', emoji: '🦊' }
const clash = { key: 'echo', name: 'Echo Drift', minutes: 15 }

describe('a set’s note', () => {
  it('says who goes and what clashes, in words, under a row of the list', () => {
    const { container } = render(<SetNote going={[alex]} clashes={[clash]} />)
    expect(container.textContent).toContain('Alex goes')
    expect(container.textContent).toContain('⚠ Overlaps Echo Drift by 15 min')
  })

  it('fits a timetable block: emoji and “⚠ Clash” on screen, the words for screen readers and as its tooltip', () => {
    const { container } = render(<SetNote going={[alex]} clashes={[clash]} compact />)
    const shown = [...container.querySelectorAll('[aria-hidden="true"]')].map(
      (el) => el.textContent,
    )
    expect(shown).toEqual(['🦊', '⚠ Clash'])
    const spoken = [...container.querySelectorAll('.sr-only')].map((el) => el.textContent)
    expect(spoken).toEqual(['Alex goes', 'Overlaps Echo Drift by 15 min'])
    expect(container.firstElementChild?.getAttribute('title')).toBe(
      'Alex goes. Overlaps Echo Drift by 15 min',
    )
  })

  it('counts several clashes in a block', () => {
    const other = { key: 'nova', name: 'Nova', minutes: 30 }
    const { container } = render(<SetNote going={[]} clashes={[clash, other]} compact />)
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe('⚠ 2 clashes')
  })
})
