import { useRouteLoaderData } from 'react-router'
import type { loader } from '#app/root.tsx'

export type RootData = Awaited<ReturnType<typeof loader>>['data']

/**
 * The root loader's data from anywhere in the tree. It lives here, not in root.tsx, so that components import
 * neither the root module nor, through it, the stylesheet: a chunk loaded on demand would otherwise carry a
 * second copy of the CSS.
 */
export function useRootData(): RootData {
  const d = useRouteLoaderData<typeof loader>('root')
  if (!d) throw new Error('useRootData used outside the root route')
  return d
}
