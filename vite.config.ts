import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

const backend = 'http://localhost:3000'

// The built scripts and styles are also written as .br (brotli, best quality)
// and .gz (gzip -9) beside them: the server sends the smallest the browser
// accepts without compressing on every request (docs/decisions/010).
function precompressAssets(): Plugin {
  return {
    name: 'precompress-assets',
    apply: 'build',
    // the files this build wrote (a failed build writes none)
    async writeBundle(options, bundle) {
      const names = Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name))
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(options.dir!, name)
          const bytes = await readFile(file)
          await writeFile(
            `${file}.br`,
            brotliCompressSync(bytes, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
            }),
          )
          await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }))
        }),
      )
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressAssets()],
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
