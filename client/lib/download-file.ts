import { ApiError } from './api-client'
import { currentAccessToken } from './session'

/**
 * Downloads a file from our API under the name the server gives it (`Content-Disposition`). The
 * request carries my token, which a plain link cannot, so the answer is saved through a temporary
 * object URL.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = await currentAccessToken()
  let response: Response
  try {
    response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
  } catch {
    throw new ApiError(0, 'network_error', 'You seem to be offline. Check your connection.')
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: unknown } | null
    const message = typeof payload?.message === 'string' ? payload.message : 'Download failed'
    throw new ApiError(response.status, 'internal_error', message)
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    fallbackName
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // After the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
