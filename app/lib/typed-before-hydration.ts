/**
 * Text typed into a <textarea> before the page runs, kept through hydration. React 19 hydrates a textarea by
 * writing its server text back into it (an <input> keeps what was typed), so on a slow connection what someone
 * typed into a field that already held text (a store's policies, a product's description) vanished when the
 * scripts arrived, and a Save sent the old text. The entry notes each textarea edited before hydration
 * (watchTypedText); the root puts the text back within the hydration's commit (restoreTypedText), before the
 * browser handles another event: a Save pressed the moment the page runs sends what was typed.
 */
const typedBeforeHydration = new Map<HTMLTextAreaElement, string>()

function noteTyped(target: EventTarget | null) {
  if (target instanceof HTMLTextAreaElement && target.value !== target.defaultValue)
    typedBeforeHydration.set(target, target.value)
}
const onTyped = (event: Event) => noteTyped(event.target)

export function watchTypedText(): void {
  for (const area of document.querySelectorAll('textarea')) noteTyped(area)
  document.addEventListener('input', onTyped, true)
}

/**
 * Puts back what was typed into each textarea before hydration, through the value's setter and an input event,
 * so that a field React controls takes it into its state too; then stops watching.
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
