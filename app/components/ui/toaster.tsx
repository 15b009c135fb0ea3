import { createElement } from 'react'

type Sonner = typeof import('sonner')
let loading: Promise<Sonner> | null = null

/**
 * Toasts' code (sonner) is loaded on the first toast, not with the page: it stays out of the initial
 * JavaScript budget. The first call mounts sonner's Toaster in a root of its own.
 */
function loadSonner(): Promise<Sonner> {
  if (!loading) {
    loading = (async () => {
      const [sonner, { createRoot }] = await Promise.all([import('sonner'), import('react-dom/client')])
      const host = document.createElement('div')
      host.dataset.slot = 'toaster'
      document.body.appendChild(host)
      createRoot(host).render(
        createElement(sonner.Toaster, { position: 'top-center', richColors: true, closeButton: true, duration: 4000 }),
      )
      // Let the Toaster subscribe before the first toast is sent.
      await new Promise((resolve) => setTimeout(resolve, 30))
      return sonner
    })()
  }
  return loading
}

export const toast = {
  success(title: string, description?: string) {
    void loadSonner().then((s) => s.toast.success(title, { description }))
  },
  error(title: string, description?: string) {
    void loadSonner().then((s) => s.toast.error(title, { description }))
  },
}
