import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Not shipped: served, they hand anyone the app's source. A `--sourcemap hidden` build of the
    // same commit gives byte-identical files plus their maps, to read a stack trace with.
    sourcemap: false,
    target: 'es2022',
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/auth': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
})
