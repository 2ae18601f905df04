import { beforeAll, describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../shared/live/live-protocol'
import { bearer, type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { LiveTestClient, useLiveClients } from '../test/live-test-client'
import { useTestApp } from '../test/test-app'
import { signUpWithVibe } from '../test/vibe-helpers'

type VibeMessage = Extract<ServerMessage, { type: 'vibe' }>
const isVibe =
  (id: string) =>
  (message: ServerMessage): message is VibeMessage =>
    message.type === 'vibe' && message.id === id

describe('live channel events', () => {
  const t = useTestApp()
  let baseUrl: string
  let user: SignedUpUser
  const clients = useLiveClients()
  const open = async () => {
    const client = await LiveTestClient.signedIn(baseUrl, user.accessToken)
    clients.push(client)
    return client
  }
  beforeAll(async () => {
    baseUrl = await t.listen()
    user = await signUpUser(t)
  })

  it('pushes an insert and an update as the changed row', async () => {
    const client = await open()
    const { user: author, vibe: created } = await signUpWithVibe(t)
    // Everyone gets the vibe as the feed shows it: its moderation is its author's business.
    const { moderation: _insert, ...asShown } = created as typeof created & { moderation: unknown }
    expect(await client.next(isVibe(created.id))).toEqual({
      type: 'vibe',
      op: 'insert',
      id: created.id,
      vibe: asShown,
    })
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/vibes/${created.id}`,
      headers: bearer(author.accessToken),
      payload: { username: created.username, emoji: '🔥', status: 'Moved to the main stage' },
    })
    const { moderation: _update, ...updatedAsShown } = updated.json().vibe
    expect(await client.next(isVibe(created.id))).toEqual({
      type: 'vibe',
      op: 'update',
      id: created.id,
      vibe: updatedAsShown,
    })
  })

  it('pushes the new user count after a sign-up', async () => {
    const client = await open()
    await signUpUser(t)
    const message = await client.next((m) => m.type === 'user-count')
    const count = await t.app.inject({ url: '/api/users/count', headers: bearer(user.accessToken) })
    expect(message).toEqual({ type: 'user-count', count: count.json().count })
  })

  it('sends deletes without a row, and an insert whose row is already gone as a delete', async () => {
    const client = await open()
    const id = '00000000-0000-4000-8000-00000000dead'
    await t.app.ctx.changes.publish({ type: 'vibe', op: 'delete', id, userId: user.userId })
    expect(await client.next(isVibe(id))).toEqual({ type: 'vibe', op: 'delete', id })
    const gone = '00000000-0000-4000-8000-00000000beef'
    await t.app.ctx.changes.publish({ type: 'vibe', op: 'insert', id: gone, userId: user.userId })
    expect(await client.next(isVibe(gone))).toEqual({ type: 'vibe', op: 'delete', id: gone })
  })

  it('serializes each event once, however many sockets receive it', async () => {
    const subscribers = await Promise.all([open(), open(), open(), open()])
    const before = t.app.ctx.live.stats
    const { vibe: created } = await signUpWithVibe(t)
    const received = await Promise.all(subscribers.map((c) => c.next(isVibe(created.id))))
    await Promise.all(subscribers.map((c) => c.next((m) => m.type === 'user-count')))
    const after = t.app.ctx.live.stats
    for (const message of received) expect(message).toEqual(received[0])
    // Two events (the sign-up's user count and the insert), each serialized once, sent 4 times.
    expect(after.serialized - before.serialized).toBe(2)
    expect(after.framesSent - before.framesSent).toBe(2 * subscribers.length)
    expect(after.sockets).toBe(subscribers.length)
  })

  it('sends nothing to a socket that has not authenticated', async () => {
    const listener = await open()
    const anonymous = await LiveTestClient.connect(baseUrl)
    clients.push(anonymous)
    const { vibe: created } = await signUpWithVibe(t)
    await listener.next(isVibe(created.id))
    expect(anonymous.messages).toEqual([])
  })
})
