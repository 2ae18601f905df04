// A stand-in for client/lib/offline-store.ts in unit tests: the device's IndexedDB as a map that
// outlives "reloads" (fresh copies of the modules that use it, this one included: the map is the
// global scope's). `vi.mock` the store with this module.
const scope = globalThis as { offlineDevice?: Map<string, unknown> }
scope.offlineDevice ??= new Map()
export const device = scope.offlineDevice

export const readOffline = async (entry: string, userId: string) =>
  structuredClone(device.get(`${entry}:${userId}`))

export const writeOffline = async (entry: string, userId: string, value: unknown) => {
  device.set(`${entry}:${userId}`, structuredClone(value))
}

export const forgetOffline = async (entry: string, userId: string) => {
  device.delete(`${entry}:${userId}`)
}

export const usersWithOffline = async (entry: string) =>
  [...device.keys()]
    .filter((key) => key.startsWith(`${entry}:`))
    .map((key) => key.slice(entry.length + 1))
