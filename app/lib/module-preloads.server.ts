// The first view needs no JavaScript to paint: the page is whole HTML. React Router's <Scripts> asks for every
// module of the page with <link rel="modulepreload">, which React hoists into <head>, so 100+ KB of scripts were
// requested before the first picture, at high priority, and competed with the largest picture (LCP).

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g

/**
 * Moves the document's module preloads from <head> to the end of <body>, at low priority: the browser finds the
 * pictures first and the scripts after them, still all at once (no chain of imports discovered one after the
 * other), and on a slow link the largest picture and the stylesheet get the bandwidth before them (measured with
 * Lighthouse: at high priority the scripts held the first paint back). The scripts still load and hydrate the
 * page; only their place in the queue changes.
 */
export function moveModulePreloads(html: Buffer): Buffer {
  const headEnd = html.indexOf('</head>')
  const bodyEnd = html.lastIndexOf('</body>')
  if (headEnd === -1 || bodyEnd === -1 || bodyEnd < headEnd) return html
  const head = html.subarray(0, headEnd).toString()
  const links = head.match(MODULE_PRELOAD)
  if (!links) return html
  return Buffer.concat([
    Buffer.from(head.replace(MODULE_PRELOAD, '')),
    html.subarray(headEnd, bodyEnd),
    Buffer.from(
      links
        .map((link) => link.replace('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"'))
        .join(''),
    ),
    html.subarray(bodyEnd),
  ])
}
