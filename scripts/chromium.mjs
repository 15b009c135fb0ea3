// The Chromium the browser journeys run in, for scripts/test.mjs and playwright.config.ts alike.
import { existsSync } from 'node:fs'

/**
 * Debian's builds, best first: the headless shell (what Playwright itself runs headless; the journeys take 40% less
 * time in it than in the full browser), then the browser.
 */
export const DEBIAN_CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser']

/** `preferred` (CHROME_PATH) when it exists, else the first of Debian's builds installed, else undefined. */
export function installedChromium(preferred) {
  return [preferred, ...DEBIAN_CHROMIUMS].find((path) => path && existsSync(path))
}
