// Writes .br and .gz beside every text file of the built client, once, at build time: the server
// sends them as they are (@fastify/static `preCompressed`) instead of 3–4× bigger raw files.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt'])
// Below this, compression saves less than the extra header bytes and round trip are worth.
const MIN_BYTES = 1024

/** Compresses every compressible file under `dir`; returns how many files it wrote. */
export function compressAssets(dir) {
  let written = 0
  for (const entry of readdirSync(dir, { recursive: true })) {
    const path = join(dir, String(entry))
    if (!COMPRESSIBLE.has(extname(path)) || !statSync(path).isFile()) continue
    const raw = readFileSync(path)
    if (raw.length < MIN_BYTES) continue
    writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }))
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    )
    written += 2
  }
  return written
}
