import { PERSONAL_DATA_FORMAT } from '../../shared/account/account.schema'
import type { AuthService } from '../auth/auth.service'
import type { AuthUser, RequestMeta } from '../auth/auth-deps'
import type { WriteHandle } from '../db/database'
import { notFound } from '../http/app-error'

/** Each feature's part of my data export, by the key it has there (`export-coverage.ts`). */
export type PersonalDataSections = Record<string, (userId: string) => Promise<unknown>>

export interface AccountDeps {
  auth: Pick<AuthService, 'deleteOwnAccount' | 'personalData'>
  /** Other features' part of an account's deletion, in its transaction (the feed's vibe). */
  onDelete: (trx: WriteHandle, userId: string) => Promise<void>
  sections: PersonalDataSections
  now: () => number
}

/** My account as a whole (docs/privacy.md): a copy of everything stored about me, and its end. */
export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  /**
   * Deletes the caller's account and everything about them (cascades), given the proof auth
   * asks for; their sessions end at once everywhere, and every open app drops their vibe and
   * the user count moves.
   */
  async deleteMine(
    caller: AuthUser,
    proof: { password?: string | undefined; nonce?: string | undefined },
    meta: RequestMeta,
  ): Promise<void> {
    await this.deps.auth.deleteOwnAccount(caller, proof, meta, (trx) =>
      this.deps.onDelete(trx, caller.id),
    )
  }

  /** Everything stored about the caller, as one JSON document. */
  async exportMine(caller: AuthUser) {
    const account = await this.deps.auth.personalData(caller.id)
    if (!account) throw notFound('This account no longer exists')
    const names = Object.keys(this.deps.sections)
    const parts = await Promise.all(names.map((name) => this.deps.sections[name]!(caller.id)))
    return {
      format: PERSONAL_DATA_FORMAT,
      exportedAt: new Date(this.deps.now()).toISOString(),
      about:
        'Everything VibeConnect stores about you. Secrets (password hash, token hashes, your WiFi pass code, calendar and share links, push keys) are left out; /privacy says why and for how long each is kept.',
      ...account,
      ...Object.fromEntries(names.map((name, index) => [name, parts[index]])),
    }
  }
}
