import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router'
import { cspNonceContext } from '#app/lib/context.server.ts'
import { errorForLog } from '#app/lib/error-log.server.ts'
import { areasOfHandles, areasOfIdsIn, englishFallback, pageMessagesOf, requestLocale } from '#app/lib/i18n.server.ts'
import { I18nProvider, i18nFromMessages, MessagesJsonContext } from '#app/lib/i18n.tsx'
import { deferModuleScripts } from '#app/lib/module-preloads.server.ts'
import { NonceContext } from '#app/lib/nonce.tsx'

export const streamTimeout = 5_000

/**
 * Logs server failures only. The router's own refusals (a POST to a page without an action is a 405) and requests
 * the client gave up on are no server error: logged, anyone's stray POST would fill the log with stack traces.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) return
  // The router wraps its own failures in an error response; the error inside says what happened.
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined
  console.error(errorForLog(inner ?? error))
}

/**
 * A message the page's areas lack: a route that forgot an area in its `handle.i18n`. Development and tests stop
 * there (the journey that renders the page fails, naming the id); production logs it and shows the English text.
 */
function missingMessage(request: Request, id: string): string {
  const where = new URL(request.url).pathname
  if (process.env.NODE_ENV !== 'production') {
    throw new Error(`The message '${id}' is not in the areas that ${where}'s routes name in handle.i18n`)
  }
  console.error(errorForLog(new Error(`message '${id}' missing from the areas of ${where}`)))
  return englishFallback(id)
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const nonce = loadContext.get(cspNonceContext)
  const locale = requestLocale(request)
  // The page ships the messages of the areas its matched routes name (their `handle.i18n`), in its language, and
  // renders with exactly those: what the server shows, the browser can show again.
  const { matches, loaderData, actionData } = routerContext.staticHandlerContext
  // Plus the areas of ids the page's data carries: a form's errors after a post without JavaScript.
  const fromData = areasOfIdsIn([loaderData, actionData])
  const areas = areasOfHandles([
    ...matches.map((m) => routerContext.routeModules[m.route.id]?.handle),
    { i18n: [...fromData] },
  ])
  // Merged and serialised once per language and set of areas, not at every request.
  const shipped = pageMessagesOf(locale, areas)
  const i18n = i18nFromMessages(locale, shipped.messages, (_, id) => missingMessage(request, id))
  const messages = { locale, json: shipped.json }
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode
    const timeout = setTimeout(() => abort(), streamTimeout + 1000)
    // Pages are small and their data is loaded before rendering: the whole document is rendered, then sent.
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <MessagesJsonContext.Provider value={messages}>
          <I18nProvider i18n={i18n}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </I18nProvider>
        </MessagesJsonContext.Provider>
      </NonceContext.Provider>,
      {
        nonce: nonce || undefined,
        // Every Suspense boundary (the layout's deferred parts) is written in place, never outlined to be
        // revealed by a script: the page must read the same without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          // The document is complete before it is sent: it is collected whole, and the server compresses it
          // once, gives it its ETag and decides who may cache it (server/delivery.ts).
          const chunks: Buffer[] = []
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk)
              callback()
            },
            final(callback) {
              clearTimeout(timeout)
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
              const html = deferModuleScripts(Buffer.concat(chunks))
              // A view of the same memory, no copy (a Buffer's memory is never a SharedArrayBuffer here).
              const bytes = new Uint8Array(html.buffer as ArrayBuffer, html.byteOffset, html.length)
              resolve(new Response(bytes, { headers: responseHeaders, status }))
              callback()
            },
          })
          pipe(body)
        },
        onShellError(error: unknown) {
          clearTimeout(timeout)
          reject(error)
        },
        onError(error: unknown) {
          // A route's boundary handing a refusal up (a 405 to a page without an action) is no server failure.
          if (isRouteErrorResponse(error) && error.status < 500) return
          status = 500
          console.error(errorForLog(error))
        },
      },
    )
  })
}
