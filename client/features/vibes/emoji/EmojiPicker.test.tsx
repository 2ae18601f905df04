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

describe('EmojiPicker', () => {
  it('moves between tabs with the arrow keys, Home and End, and keeps one tab in the Tab order', async () => {
    const user = userEvent.setup()
    render(<PickerInForm initial="🎉" onSubmit={() => {}} />)

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

  it('opens on the tab that shows the current emoji, pressed', () => {
    render(<PickerInForm initial="🤖" onSubmit={() => {}} />)
    expect(tab('Roles').getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('button', { name: 'Robot' }).getAttribute('aria-pressed')).toBe('true')
    expect(preview().textContent).toBe('🤖')
  })

  it('opens on Custom for an emoji no preset tab shows', () => {
    render(<PickerInForm initial="🦩" onSubmit={() => {}} />)
    expect(tab('Custom').getAttribute('aria-selected')).toBe('true')
  })

  it('takes a custom emoji on Enter without submitting the form, and refuses one that is not allowed', async () => {
    const submitted = vi.fn()
    const user = userEvent.setup()
    render(<PickerInForm initial="🎉" onSubmit={submitted} />)
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
})
