import { describe, expect, it } from 'vitest'
import { tokenRoles } from './token-roles'

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const tokenWith = (claims: object) => `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`

describe('tokenRoles', () => {
  it('reads the roles GoTrue carries in app_metadata, and only the ones the app knows', () => {
    const token = tokenWith({
      sub: 'u1',
      // A name with characters that base64url writes as - and _.
      user_metadata: { name: '~~~>>>???' },
      app_metadata: { provider: 'email', roles: ['moderator', 'organiser', 'admin', 7] },
    })
    expect(tokenRoles(token)).toEqual(['moderator', 'organiser'])
  })

  it('answers no role for a user without one, no token, or something that is not a JWT', () => {
    expect(tokenRoles(tokenWith({ sub: 'u1', app_metadata: { provider: 'email' } }))).toEqual([])
    expect(tokenRoles(tokenWith({ sub: 'u1', app_metadata: { roles: 'organiser' } }))).toEqual([])
    expect(tokenRoles(null)).toEqual([])
    expect(tokenRoles('not-a-jwt')).toEqual([])
    expect(tokenRoles('a.%%%.b')).toEqual([])
  })
})
