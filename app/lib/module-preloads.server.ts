// The first view needs no JavaScript to paint: the page is whole HTML. React Router's <Scripts> asks for every
// module of the page with <link rel="modulepreload">, which React hoists into <head>, and imports the route modules
// statically in an inline module script, so 100+ KB of scripts were requested as soon as the document was read, and
// their evaluation and the hydration ran before the browser had painted the largest picture (LCP).

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g
const HREF = /\shref="([^"]+)"/
/** What React Router's route-modules script sets, after its `import * as route0 from "/assets/…";` lines. */
const ROUTE_MODULES = 'window.__reactRouterRouteModules'
const STATIC_IMPORT = /^import \* as (\w+) from ("[^"]+");$/gm

/**
 * How long the scripts wait at most for the page's first pictures (a stalled picture never keeps the page from
 * running for longer than this).
 */
export const FIRST_PICTURES_WAIT_MS = 2500

/**
 * What the route-modules script does before it loads anything: it waits until the pictures the page marks as its
 * first view (`fetchpriority="high"`: the product's photo, the first row of cards) are decoded and one frame has
 * been painted with them, or FIRST_PICTURES_WAIT_MS at most (a hidden tab paints no frame: it waits that long); a
 * page without such pictures waits one frame. Written small: it counts against the JavaScript budget.
 */
const AFTER_FIRST_PICTURES = `await new Promise((go)=>{setTimeout(go,${FIRST_PICTURES_WAIT_MS});Promise.allSettled([...document.querySelectorAll('img[fetchpriority=high]')].map((i)=>i.decode())).then(()=>requestAnimationFrame(()=>setTimeout(go)))});`

/**
 * Loads the page's scripts after its first pictures are painted (LCP), instead of beside them:
 * - the module preloads leave the document (none in <head>, none anywhere before the pictures);
 * - the route-modules script's static imports become dynamic ones, run after AFTER_FIRST_PICTURES, which first
 *   adds every preload back at once, so the whole graph is still fetched in one round (no chain of imports
 *   discovered one after the other).
 * On a slow link the stylesheet and the first pictures get the bandwidth alone, and the main thread is free to
 * paint them; on a fast one the wait is a frame. Until the scripts run the page is the server's HTML, whose links
 * and forms work without JavaScript. React does not compare these scripts' text when it hydrates
 * (suppressHydrationWarning in <Scripts>). A document without React Router's script is returned as it is.
 */
export function deferModuleScripts(html: Buffer): Buffer {
  // The document is searched as bytes: only the head and the script are decoded (the page is 60-160 KB; turning
  // all of it into a string and back cost 4% of a listing's server time).
  const headEnd = html.indexOf('</head>')
  const marker = html.lastIndexOf(ROUTE_MODULES)
  if (headEnd === -1 || marker < headEnd) return html
  const scriptStart = html.lastIndexOf('<script', marker)
  const codeStart = html.indexOf('>', scriptStart) + 1
  const codeEnd = html.indexOf('</script>', marker)
  if (scriptStart < headEnd || codeStart <= scriptStart || codeEnd === -1) return html
  const open = html.subarray(scriptStart, codeStart).toString()
  if (!open.includes(' type="module"')) return html
  const code = html.subarray(codeStart, codeEnd).toString()
  const head = html.subarray(0, headEnd).toString()
  const links = head.match(MODULE_PRELOAD) ?? []
  const hrefs = links.flatMap((link) => HREF.exec(link)?.[1] ?? [])
  const imports = [...code.matchAll(STATIC_IMPORT)]
  const names = imports.map((m) => m[1]).join(', ')
  const urls = imports.map((m) => `import(${m[2]})`).join(', ')
  // The route modules are imported at once below; what the list adds is everything they and the entry import.
  const routes = imports.map((m) => JSON.parse(m[2] as string) as string)
  const deferred = [
    AFTER_FIRST_PICTURES,
    `for(const href of ${JSON.stringify(hrefs.filter((href) => !routes.includes(href)))})document.head.append(Object.assign(document.createElement('link'),{rel:'modulepreload',href}));`,
    imports.length ? `const [${names}] = await Promise.all([${urls}]);` : '',
    compactManifest(code.replace(STATIC_IMPORT, '')),
  ].join('\n')
  return Buffer.concat([
    Buffer.from(head.replace(MODULE_PRELOAD, '')),
    html.subarray(headEnd, codeStart),
    Buffer.from(deferred),
    html.subarray(codeEnd),
  ])
}

const MANIFEST = /(window\.__reactRouterManifest = )(\{[\s\S]*?\});\n/

/** React Router writes the page's manifest as indented JSON; the same object in one line is lighter. */
function compactManifest(code: string): string {
  return code.replace(MANIFEST, (whole, start: string, json: string) => {
    try {
      return `${start}${JSON.stringify(JSON.parse(json))};\n`
    } catch {
      return whole
    }
  })
}
