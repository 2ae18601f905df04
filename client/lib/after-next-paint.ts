/**
 * Runs `callback` once the next frame is on screen. A timeout queued from one animation frame can
 * still run before that frame is presented, so this waits for the frame after it: by then the
 * first one has been shown (its paint is what the user sees, and what LCP records).
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(callback)
    })
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}
