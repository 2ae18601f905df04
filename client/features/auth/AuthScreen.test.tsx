import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AuthScreen } from './AuthScreen'

describe('the sign-in screen’s small print', () => {
  it('says the spec’s words, with the Terms of Service a link to the terms page', () => {
    render(<AuthScreen WifiProviderName={() => 'Nova Mobile'} />)
    const link = screen.getByRole('link', { name: 'Terms of Service' })
    expect(link.getAttribute('href')).toBe('/terms')
    expect(link.closest('p')?.textContent).toBe('By connecting, you agree to our Terms of Service.')
  })
})
