import { dictionary } from '@zxcvbn-ts/language-common'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/auth/auth.schema'
import { runHashTask } from './password-hashing'

// OWASP's argon2id parameters: 19 MiB memory, 2 iterations, 1 lane.
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: a const enum, which verbatimModuleSyntax cannot import.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const

// The 49k most common passwords from breaches, as maintained by zxcvbn-ts.
const COMMON_PASSWORDS = new Set<string>(dictionary['passwords-common'])

/** Hashes on a hashing thread (password-hashing.ts), so the event loop keeps serving. */
export async function hashPassword(password: string): Promise<string> {
  return String(await runHashTask({ op: 'hash', password, options: ARGON2_OPTIONS }))
}

/** False for a wrong password, and for a stored hash that cannot be read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return (await runHashTask({ op: 'verify', hash: passwordHash, password })) === true
  } catch {
    return false
  }
}

// Verifying against this when the e-mail is unknown makes both failures take the same time.
let dummyHash: Promise<string> | undefined
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing')
  await verifyPassword(await dummyHash, password)
  return false
}

export interface PasswordProblem {
  reasons: Array<'length' | 'pwned'>
  message: string
}

/** Why a new password is refused, in words a person understands; undefined when it is fine. */
export function passwordProblem(password: string): PasswordProblem | undefined {
  const length = [...password].length
  if (length < PASSWORD_MIN_LENGTH) {
    return {
      reasons: ['length'],
      message: `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`,
    }
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return {
      reasons: ['length'],
      message: `Password should be at most ${PASSWORD_MAX_LENGTH} characters.`,
    }
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    return {
      reasons: ['pwned'],
      message: 'This password is too common and easy to guess. Please choose a different one.',
    }
  }
  return undefined
}
