import type { Options } from '@node-rs/argon2'

/** What the event loop asks a hashing thread. */
export type HashRequest =
  | { id: number; op: 'hash'; password: string; options: Options }
  | { id: number; op: 'verify'; hash: string; password: string }

export type HashReply =
  | { id: number; ok: true; value: string | boolean }
  | { id: number; ok: false; message: string }
