import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** False while the page is server-rendered or hydrating, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
