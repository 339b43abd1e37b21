import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

const backend = 'http://localhost:3000'

export default defineConfig({
  // scripts/build.js writes each script and style again as .br and .gz (precompressWeb)
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '#shared': path.resolve(import.meta.dirname, 'src/shared'),
      '#web': path.resolve(import.meta.dirname, 'src/web'),
    },
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // Every browser we serve supports <link rel="modulepreload"> (Safari since 17);
    // the polyfill cost '/' about 0.2 KB gzip of its 120 KB budget (ARCHITECTURE.md).
    // A browser without it still loads every module, just without the head start.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      // the API trusts only its own Origin on writes (decision 012): the dev page's
      // requests reach it as if made from the server's own address
      '/api': {
        target: backend,
        configure: (proxy) =>
          proxy.on('proxyReq', (request) => {
            if (request.getHeader('origin')) request.setHeader('origin', backend)
          }),
      },
      '/healthz': backend,
    },
  },
})
