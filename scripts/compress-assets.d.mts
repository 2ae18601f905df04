/** Writes .br and .gz beside every compressible file under `dir`; returns how many it wrote. */
export function compressAssets(dir: string): number
