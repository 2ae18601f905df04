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
    // The service worker, built from our own source (ADR 030), precaching the build with a
    // versioned manifest (ADR 034). Registered by the app itself after the first paint
    // (lib/service-worker.ts). The plugin also writes the web app manifest and links it.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      // The launcher fetches the icons when installing; the precache needs none of them.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'VibeConnect',
        short_name: 'VibeConnect',
        description: "Set your festival vibe, see who's here and check the lineup.",
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#12061f',
        background_color: '#12061f',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icon-maskable-192.png',
            sizes: '192x192',
            type: 'image/png',
            purpose: 'maskable',
          },
          {
            src: '/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        injectionPoint: 'self.__WB_MANIFEST',
        rollupFormat: 'iife',
        // The shell and its code (the pre-compressed copies are the same files).
        globPatterns: ['**/*.{js,css,html,svg,woff2}', 'favicon-32.png', 'apple-touch-icon.png'],
        globIgnores: ['**/*.br', '**/*.gz', 'sw.js'],
      },
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
