import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig } from 'vite'
import { publicOnlyIcons } from './scripts/public-only-icons.ts'

export default defineConfig({
  server: { port: 3000 },
  resolve: { tsconfigPaths: true },
  // Pre-bundling would split all of lucide into ~2,100 dev chunks; each icon is its own lazy import.
  optimizeDeps: { exclude: ['lucide-react/dynamicIconImports'] },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Decision 0063. `entry`: what every page loads up front, as one file instead of
            // ~25 small shared chunks. `site-icons`: the icons only the marketing pages draw;
            // the group icon picker imports every lucide icon dynamically, which otherwise makes
            // each of them a chunk (and a request) of its own.
            codeSplitting: {
              groups: [
                { name: 'entry', tags: ['$initial'] },
                {
                  name: 'site-icons',
                  test: publicOnlyIcons(),
                  // Not createLucideIcon: every dashboard icon imports it too.
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [
    tailwindcss(),
    tanstackStart({
      srcDirectory: 'src',
      // A route's loader is its own lazy chunk: the route tree sits in the entry, so an
      // unsplit loader puts its feature's queries in every page, `/` included (decision 0045).
      router: {
        codeSplittingOptions: {
          defaultBehavior: [
            ['loader'],
            ['component'],
            ['pendingComponent'],
            ['errorComponent'],
            ['notFoundComponent'],
          ],
        },
      },
      // src/start.ts has its own cross-site guard (server/http/cross-site.server.ts).
      serverFns: { disableCsrfMiddlewareWarning: true },
    }),
    viteReact(),
    nitro({
      // PGlite and sql.js (NewPipe imports) load WASM files at run time; the tracer must copy them.
      traceDeps: ['@electric-sql/pglite*', 'sql.js*'],
      compressPublicAssets: true,
      plugins: ['./src/server/nitro-lifecycle.ts'],
      // node-server's entry, with a draining shutdown (src/server/node-entry.ts).
      entry: './src/server/node-entry.ts',
    }),
  ],
})
