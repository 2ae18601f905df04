import { describe, expect, it } from 'vitest'
import { createFakeClock } from '../test/fake-clock'
import { RECENT_SESSION_TTL_MS, RecentSessions } from './recent-sessions'

function setup() {
  const clock = createFakeClock(1_000_000)
  const bus = { delivering: true }
  const sessions = new RecentSessions({ now: clock.now, hearsEveryEnd: () => bus.delivering })
  const check = (id: string, userId = 'user-1') => sessions.beginCheck()(id, userId)
  return { clock, bus, sessions, check }
}

describe('recent sessions', () => {
  it('trusts a session found active for the TTL, and not a moment longer', () => {
    const { clock, sessions, check } = setup()
    expect(sessions.has('s1', 'user-1')).toBe(false)
    check('s1')
    expect(sessions.has('s1', 'user-1')).toBe(true)
    clock.advance(RECENT_SESSION_TTL_MS - 1)
    expect(sessions.has('s1', 'user-1')).toBe(true)
    clock.advance(1)
    expect(sessions.has('s1', 'user-1')).toBe(false)
    expect(sessions.size).toBe(0)
  })

  it('answers for the session only with the user it was found with', () => {
    const { sessions, check } = setup()
    check('s1', 'user-1')
    expect(sessions.has('s1', 'user-2')).toBe(false)
  })

  it('forgets ended sessions, and only those', () => {
    const { sessions, check } = setup()
    check('s1')
    check('s2')
    sessions.forget(['s1'])
    expect(sessions.has('s1', 'user-1')).toBe(false)
    expect(sessions.has('s2', 'user-1')).toBe(true)
    sessions.forgetAll()
    expect(sessions.has('s2', 'user-1')).toBe(false)
  })

  it('does not remember a read that was in flight while a session ended', () => {
    // The read may have seen the row before the deletion committed.
    const { sessions } = setup()
    const remember = sessions.beginCheck()
    sessions.forget(['some-other-session'])
    remember('s1', 'user-1')
    expect(sessions.has('s1', 'user-1')).toBe(false)
    // A read begun after the forget is remembered.
    sessions.beginCheck()('s1', 'user-1')
    expect(sessions.has('s1', 'user-1')).toBe(true)
  })

  it('trusts and remembers nothing while ends of sessions may be missed', () => {
    const { bus, sessions, check } = setup()
    check('s1')
    bus.delivering = false
    expect(sessions.has('s1', 'user-1')).toBe(false)
    check('s2')
    bus.delivering = true
    // s1 was dropped when it could not be trusted; s2 was never remembered.
    expect(sessions.has('s1', 'user-1')).toBe(false)
    expect(sessions.has('s2', 'user-1')).toBe(false)
  })

  it('holds a bounded number, forgetting the oldest first', () => {
    const { sessions, check } = setup()
    const total = 50_001
    for (let i = 0; i < total; i += 1) check(`s${i}`)
    expect(sessions.size).toBe(50_000)
    expect(sessions.has('s0', 'user-1')).toBe(false)
    expect(sessions.has('s1', 'user-1')).toBe(true)
    expect(sessions.has(`s${total - 1}`, 'user-1')).toBe(true)
  })
})
