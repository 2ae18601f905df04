import webpush from 'web-push'

/** The VAPID key pair (base64url) and the contact push services see (RFC 8292). */
export interface VapidKeys {
  subject: string
  publicKey: string
  privateKey: string
}

const KEY_ID = 'vapid-p256'

/**
 * The VAPID keys, kept like the JWT secret: configured ones win; otherwise the first instance to
 * start generates a pair and stores it, and every later start and every other instance reads it.
 * Browsers subscribed with the public key, so a new pair would silently end every subscription.
 */
export async function loadVapidKeys(options: {
  configured: { publicKey?: string; privateKey?: string; subject: string }
  keptSecret: (id: string, generate: () => string) => Promise<string>
}): Promise<VapidKeys> {
  const { publicKey, privateKey, subject } = options.configured
  if (publicKey && privateKey) return { subject, publicKey, privateKey }
  const kept = await options.keptSecret(KEY_ID, () => {
    const pair = webpush.generateVAPIDKeys()
    return `${pair.publicKey}.${pair.privateKey}`
  })
  const [storedPublic, storedPrivate] = kept.split('.')
  if (!storedPublic || !storedPrivate) throw new Error(`the stored ${KEY_ID} key is not a pair`)
  return { subject, publicKey: storedPublic, privateKey: storedPrivate }
}
