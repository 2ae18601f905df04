import { useEffect, useRef } from 'react'

/**
 * A control that gives way to another when pressed (a button to its question, the question back
 * to the button): the keyboard's focus follows to what took its place, instead of falling to the
 * page's start with the removed element. `off` is shown while `shown` is false, `on` while it is
 * true; call `swapping()` just before changing `shown`, so that a first render moves nothing.
 */
export function useSwapFocus<Off extends HTMLElement, On extends HTMLElement>(shown: boolean) {
  const off = useRef<Off>(null)
  const on = useRef<On>(null)
  const swapped = useRef(false)
  useEffect(() => {
    if (swapped.current) (shown ? on : off).current?.focus()
  }, [shown])
  const swapping = () => {
    swapped.current = true
  }
  return { off, on, swapping }
}
