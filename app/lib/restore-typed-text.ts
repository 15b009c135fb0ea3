import { onTyped, typedBeforeHydration } from './typed-before-hydration.ts'

/**
 * Puts back what was typed into each textarea before hydration (typed-before-hydration.ts), through the value's
 * setter and an input event, so that a field React controls takes it into its state too.
 */
export function restoreTypedText(): void {
  document.removeEventListener('input', onTyped, true)
  const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set
  for (const [area, value] of typedBeforeHydration) {
    if (!area.isConnected || area.value === value) continue
    setValue?.call(area, value)
    area.dispatchEvent(new Event('input', { bubbles: true }))
  }
  typedBeforeHydration.clear()
}
