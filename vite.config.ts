import { lingui } from '@lingui/vite-plugin'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

// The browser bundle: the code every storefront page shares (the layout, its icons, the primitives and helpers)
// in one chunk instead of dozens of tiny files that each cost a request and compress badly; route code stays
// split per route, and code loaded on demand (dialogs, toasts) stays out. DESIGN.md section 4's budget.
const sharedModule =
  /node_modules[\\/](clsx|class-variance-authority|@lingui[\\/]core)[\\/]|app[\\/](lib|components[\\/](ui|layout))[\\/]|(rating-stars|price|image-keys)\.tsx?$|vite[\\/]preload-helper/
// Kept out of the shared chunk, which every page loads before it runs:
// - what loads while the page hydrates (app/components/layout/deferred.tsx) or when first used: the search box's
//   suggestions, the message areas a navigation brings (i18n-areas.ts, own-numbers.ts), the not-found page's body;
// - helpers only some pages use: Rwanda's places and phone numbers, amounts as typed (read-francs.ts), calendar months
//   (a vendor's statement), Kigali's clock (the dates of reviews and orders, a store's opening hours).
const deferredModule =
  /layout[\\/](mobile-menu|mega-menu|account-dialog|footer|newsletter-form|search-suggestions)\.tsx$|lib[\\/](own-numbers|places|phone|i18n-areas|read-francs|months|kigali-clock)\.ts$|layout[\\/]not-found-content\.tsx$/

function sharedClientChunk(): Plugin {
  return {
    name: 'isoko:shared-client-chunk',
    enforce: 'post',
    configEnvironment(name, config) {
      if (name !== 'client') return
      const rollupOptions = config.build?.rollupOptions ?? {}
      return {
        build: {
          rollupOptions: {
            ...rollupOptions,
            // Grouping without pulling each module's dependencies along needs entries that may gain exports.
            preserveEntrySignatures: 'allow-extension',
            output: {
              codeSplitting: {
                includeDependenciesRecursively: false,
                groups: [
                  {
                    name: 'shared',
                    test: (id: string) => sharedModule.test(id) && !deferredModule.test(id),
                  },
                  {
                    // A product card and what it holds: home, listing, store and product pages all show them.
                    name: 'product-card',
                    test: /(product-card|product-badges|quick-view|add-to-cart-button|favourite-button|use-js-field|catalog[\\/]variants)\.tsx?$/,
                  },
                  {
                    // A vendor's avatar, badges and Follow button: the vendor cards and the store page; with the
                    // weekdays and response times the store page and the store's settings (which loads this chunk
                    // for the avatar's initials) both read, rather than a 0.2 KB file of their own.
                    name: 'vendor-identity',
                    test: /vendors[\\/](vendor-avatar|vendor-badges|follow-button|opening-hours|response-times)\.tsx?$/,
                  },
                ],
              },
            },
          },
        },
      }
    },
  }
}

/**
 * Vite's helper for on-demand imports preloads their modules and styles (0.9 KB on every page). Module
 * preloading is off here and on-demand chunks import no styles, so a tiny stand-in does: it still adds a
 * stylesheet that a chunk might bring, then loads the chunk.
 */
function smallPreloadHelper(): Plugin {
  const id = '\0vite/preload-helper.js'
  return {
    name: 'isoko:small-preload-helper',
    enforce: 'pre',
    apply: 'build',
    load(source) {
      if (source !== id || this.environment?.name !== 'client') return null
      return `export const __vitePreload = (load, deps) => Promise.all((deps || []).filter((d) => d.endsWith('.css')).map((d) => new Promise((done) => { const href = '/' + d; if (document.querySelector('link[href="' + href + '"]')) return done(); const link = document.createElement('link'); link.rel = 'stylesheet'; link.href = href; link.onload = link.onerror = done; document.head.append(link) }))).then(load)`
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [smallPreloadHelper(), tailwindcss(), lingui(), reactRouter(), sharedClientChunk()],
  server: { port: 5173 },
  build: {
    target: 'es2022',
    // No preload helper for on-demand imports (0.8 KB on every page): React Router preloads route modules itself.
    modulePreload: false,
    // The server build's entry is the Express server itself, which imports the app's build: one module graph in
    // the process (build/server/index.js), started by server/start.js with plain Node.
    rollupOptions: isSsrBuild ? { input: './server/app.ts' } : undefined,
  },
}))
