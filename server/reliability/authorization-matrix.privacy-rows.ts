import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import {
  DATA_REFUSED,
  get,
  type MatrixContext,
  type MatrixRequest,
  type RowSpec,
} from './authorization-matrix.rows'

const send = (method: MatrixRequest['method'], url: string, payload?: object): MatrixRequest =>
  payload === undefined ? { method, url } : { method, url, payload: { ...payload } }

/**
 * Blocks and my account (docs/privacy.md): each acts on the caller's own blocks and account only.
 * In run order: the attacker blocks the victim, then lifts the block, before the export's row.
 */
export function privacyRows(context: MatrixContext): RowSpec[] {
  return [
    {
      route: 'GET /api/blocks',
      name: 'GET /api/blocks (mine only)',
      expected: { ...DATA_REFUSED, otherUser: 200, own: 200 },
      request: () => get('/api/blocks'),
      // The attacker's list is theirs; the victim's names whom they blocked.
      check: (answer) => {
        if (answer.statusCode !== 200) return
        const { blocked } = answer.json() as { blocked: Array<{ userId: string }> }
        expect(blocked.every((person) => person.userId !== context.victim.userId)).toBe(true)
      },
    },
    {
      route: 'POST /api/blocks',
      name: 'POST /api/blocks (the victim)',
      // The attacker may block the victim (it hides them from each other, no more); the victim
      // cannot block themselves.
      expected: { ...DATA_REFUSED, otherUser: 204, own: [400, 'block_self'] },
      request: () => send('POST', '/api/blocks', { userId: context.victim.userId }),
    },
    {
      route: 'DELETE /api/blocks/:userId',
      name: 'DELETE /api/blocks/:userId (the victim, lifting the attacker’s block)',
      expected: { ...DATA_REFUSED, otherUser: 204, own: 204 },
      request: () => send('DELETE', `/api/blocks/${context.victim.userId}`),
    },
    {
      route: 'DELETE /api/blocks/:userId',
      name: 'DELETE /api/blocks/:userId (the bystander the victim blocked)',
      // Everyone's answer is the same; only the victim's own call lifts their block (state check).
      expected: { ...DATA_REFUSED, otherUser: 204, own: 204 },
      request: () => send('DELETE', `/api/blocks/${context.bystanderId()}`),
    },
    {
      route: 'GET /api/account/export',
      name: 'GET /api/account/export (my data only)',
      expected: { ...DATA_REFUSED, otherUser: 200, own: 200 },
      request: () => get('/api/account/export'),
      check: (answer: LightMyRequestResponse) => {
        if (answer.statusCode !== 200) return
        expect(answer.headers['content-disposition']).toMatch(/^attachment; /)
      },
    },
    {
      route: 'DELETE /api/account',
      name: 'DELETE /api/account (a wrong password)',
      // A valid token alone deletes nothing here: the password must be right, whoever asks.
      expected: {
        ...DATA_REFUSED,
        otherUser: [400, 'invalid_credentials'],
        own: [400, 'invalid_credentials'],
      },
      request: () => send('DELETE', '/api/account', { password: 'not the password at all' }),
    },
  ]
}
