import { lingui } from '@lingui/vite-plugin'
import { createServer, type ViteDevServer } from 'vite'

/**
 * The app's modules for a script run by tsx. They import their message catalogues (.po) through the Lingui Vite
 * plugin, as the app and the tests do; plain Node cannot load them, so the modules are loaded through a Vite
 * server (no HTTP, no HMR). `close()` it at the end.
 */
export async function appModules(): Promise<{ vite: ViteDevServer; load: <T>(path: string) => Promise<T> }> {
  const vite = await createServer({
    configFile: false,
    root: process.cwd(),
    plugins: [lingui()],
    appType: 'custom',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  return { vite, load: <T>(path: string) => vite.ssrLoadModule(path) as Promise<T> }
}
