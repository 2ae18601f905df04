import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    // The service worker, built from our own source (ADR 030). Registered by the app itself after
    // the first paint (lib/service-worker.ts); no manifest and no precache yet: issue 21 adds
    // them here (an injection point, `self.__WB_MANIFEST`, in client/sw.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: { injectionPoint: undefined, rollupFormat: 'iife' },
    }),
  ],
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
