import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { EmojiPicker } from './EmojiPicker'

/** The picker as a form holds it: the chosen emoji is state, and the form may be submitted. */
function PickerInForm({ initial, onSubmit }: { initial: string; onSubmit: () => void }) {
  const [emoji, setEmoji] = useState(initial)
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <EmojiPicker value={emoji} onChange={setEmoji} />
    </form>
  )
}

const tab = (name: string) => screen.getByRole('tab', { name })
const preview = () => screen.getByRole('status', { name: 'Selected vibe' })
const toggle = () => screen.getByRole('button', { name: 'Change emoji' })
const emoji = (name: string) => screen.getByRole('button', { name })
/** Renders the picker in a form, opened. */
async function openPicker(initial = '🎉', onSubmit = () => {}) {
  const user = userEvent.setup()
  render(<PickerInForm initial={initial} onSubmit={onSubmit} />)
  await user.click(toggle())
  return user
}

describe('EmojiPicker', () => {
  it('starts closed, showing the selected vibe and a button that opens and closes the tabs', async () => {
    const user = userEvent.setup()
    render(<PickerInForm initial="🎉" onSubmit={() => {}} />)
    expect(preview().textContent).toBe('🎉')
    expect(toggle().getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('tablist')).toBeNull()

    await user.click(toggle())
    expect(toggle().getAttribute('aria-expanded')).toBe('true')
    expect(screen.getAllByRole('tab').map((each) => each.textContent)).toEqual([
      'Festival',
      'Moods',
      'Roles',
      'Custom',
    ])
    expect(document.getElementById(toggle().getAttribute('aria-controls')!)).toBeTruthy()
    await user.click(emoji('High voltage'))
    expect(preview().textContent).toBe('⚡')

    await user.click(toggle())
    expect(screen.queryByRole('tablist')).toBeNull()
    expect(preview().textContent).toBe('⚡')
  })

  it('moves between tabs with the arrow keys, Home and End, and keeps one tab in the Tab order', async () => {
    const user = await openPicker()

    tab('Festival').focus()
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(tab('Moods'))
    expect(tab('Moods').getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tabpanel', { name: 'Moods' })).toBeTruthy()
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(tab('Custom'))
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(tab('Festival'))
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toBe(tab('Custom'))
    await user.keyboard('{Home}')
    expect(document.activeElement).toBe(tab('Festival'))

    const tabIndexes = screen.getAllByRole('tab').map((each) => each.getAttribute('tabindex'))
    expect(tabIndexes).toEqual(['0', '-1', '-1', '-1'])
    // The next Tab goes into the selected tab's panel.
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Party popper' }))
  })

  it('opens on the tab that shows the current emoji, pressed', async () => {
    await openPicker('🤖')
    expect(tab('Roles').getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('button', { name: 'Robot' }).getAttribute('aria-pressed')).toBe('true')
    expect(preview().textContent).toBe('🤖')
  })

  it('opens on Custom for an emoji no preset tab shows', async () => {
    await openPicker('🦩')
    expect(tab('Custom').getAttribute('aria-selected')).toBe('true')
  })

  it('takes a custom emoji on Enter without submitting the form, and refuses one that is not allowed', async () => {
    const submitted = vi.fn()
    const user = await openPicker('🎉', submitted)
    await user.click(tab('Custom'))
    const input = screen.getByLabelText('Custom emoji')

    await user.type(input, '  🦩 {Enter}')
    expect(preview().textContent).toBe('🦩')
    expect((input as HTMLInputElement).value).toBe('')
    expect(submitted).not.toHaveBeenCalled()

    await user.type(input, 'a\u202Eb')
    await user.click(screen.getByRole('button', { name: 'Use emoji' }))
    expect(screen.getByRole('alert').textContent).toBe(
      "Emoji contains characters that aren't allowed",
    )
    expect(preview().textContent).toBe('🦩')
  })

  describe('the emoji grid: one Tab stop, arrow keys within', () => {
    const focused = () => document.activeElement?.getAttribute('aria-label')
    /** Rows as a phone lays them out (four columns) rather than the default wide screen. */
    const onPhone = () => {
      const matchMedia = window.matchMedia.bind(window)
      vi.stubGlobal('matchMedia', (query: string) =>
        query.includes('min-width') ? { ...matchMedia(query), matches: false } : matchMedia(query),
      )
    }

    it('keeps one button of the grid in the Tab order: the chosen one, then the one moved to', async () => {
      const user = await openPicker('🔥')
      const stops = () =>
        [
          ...screen
            .getByRole('toolbar', { name: 'Festival emojis' })
            .querySelectorAll('button[tabindex="0"]'),
        ].map((button) => button.getAttribute('aria-label'))
      expect(stops()).toEqual(['Fire'])
      emoji('Fire').focus()
      await user.keyboard('{ArrowLeft}')
      expect(stops()).toEqual(['High voltage'])
      // The browser's Tab order (one Tab to the username field) is e2e/vibes-picker.spec.ts's:
      // happy-dom lets Tab into the hidden tab panels.
    })

    it('moves Left and Right in reading order, across categories, and Up and Down by eight on a wide screen', async () => {
      const user = await openPicker('🎉')
      emoji('Party popper').focus()
      await user.keyboard('{ArrowRight}')
      expect(focused()).toBe('Musical notes')
      await user.keyboard('{ArrowLeft}{ArrowLeft}')
      expect(focused()).toBe('Party popper')
      await user.keyboard('{ArrowDown}')
      expect(focused()).toBe('High voltage')
      await user.keyboard('{End}')
      expect(focused()).toBe('Sleeping face')
      await user.keyboard('{ArrowRight}')
      expect(focused()).toBe('Sleeping face')
      await user.keyboard('{Home}{ArrowUp}')
      expect(focused()).toBe('Party popper')
      // Moving focus does not choose: Enter or Space does, as on any button.
      expect(preview().textContent).toBe('🎉')
      await user.keyboard('{ArrowRight}{Enter}')
      expect(preview().textContent).toBe('🎶')
      // The Tab stop follows the focus.
      expect(emoji('Musical notes').getAttribute('tabindex')).toBe('0')
      expect(emoji('Party popper').getAttribute('tabindex')).toBe('-1')
    })

    it('moves Up and Down by four on a phone, and Ctrl+Home and Ctrl+End to the grid’s ends', async () => {
      onPhone()
      const user = await openPicker('🎉')
      emoji('Musical notes').focus()
      await user.keyboard('{ArrowDown}')
      expect(focused()).toBe('Circus tent')
      await user.keyboard('{ArrowDown}')
      expect(focused()).toBe('Fire')
      await user.keyboard('{End}')
      expect(focused()).toBe('Collision')
      await user.keyboard('{Control>}{End}{/Control}')
      expect(focused()).toBe('Sleeping face')
      await user.keyboard('{Control>}{Home}{/Control}')
      expect(focused()).toBe('Party popper')
    })

    it('lets the arrows scroll nothing, even at an edge', async () => {
      const user = await openPicker('🎉')
      emoji('Party popper').focus()
      const scrolled = vi.fn()
      document.addEventListener('keydown', (event) => scrolled(event.defaultPrevented))
      await user.keyboard('{ArrowUp}')
      expect(scrolled).toHaveBeenCalledWith(true)
      expect(focused()).toBe('Party popper')
    })

    it('gives the Popular row of ten its own Tab stop and keys, in rows of ten', async () => {
      const user = await openPicker('🔥')
      await user.click(tab('Custom'))
      const popular = screen.getByRole('toolbar', { name: 'Popular emojis' })
      expect(popular.querySelectorAll('button')).toHaveLength(10)
      expect(popular.querySelector('button[tabindex="0"]')?.getAttribute('aria-label')).toBe('Fire')
      emoji('Fire').focus()
      await user.keyboard('{End}')
      expect(focused()).toBe('Red heart')
      await user.keyboard('{ArrowUp}')
      expect(focused()).toBe('Red heart')
    })
  })
})
