/**
 * Text typed into a field before the page runs, kept through hydration. React 19 hydrates a textarea by writing its
 * server text back into it, and an input it controls (its value held in state, as the product editor's sizes and
 * colours) by writing its state back; so on a slow connection what someone typed vanished when the scripts
 * arrived, and a Save sent the old text. The entry notes each field edited before hydration (watchTypedText); the
 * root puts the text back right after the hydration's commit (restoreTypedText), before the browser handles another
 * event: a Save pressed the moment the page runs sends what was typed.
 */
const typedBeforeHydration = new Map<HTMLTextAreaElement | HTMLInputElement, string>()

function noteTyped(target: EventTarget | null) {
  // A file input's value cannot be written back (nor needs to be: React leaves it as it is).
  if (
    (target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type !== 'file')) &&
    target.value !== target.defaultValue
  )
    typedBeforeHydration.set(target, target.value)
}
const onTyped = (event: Event) => noteTyped(event.target)

export function watchTypedText(): void {
  for (const field of document.querySelectorAll('textarea, input')) noteTyped(field)
  document.addEventListener('input', onTyped, true)
}

/**
 * Puts back what was typed into each field before hydration, through the value's own setter (not React's) and an
 * input event, so that a field React controls takes it into its state too; then stops watching.
 */
export function restoreTypedText(): void {
  document.removeEventListener('input', onTyped, true)
  for (const [field, value] of typedBeforeHydration) {
    if (!field.isConnected) continue
    // React tells a change from its own writes by a tracker of the value last set on the element: emptied through
    // it first, the text put back reads as typed even where hydration left it in a field whose state is still the
    // server's (which React's next render would write back).
    field.value = ''
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value)
    field.dispatchEvent(new Event('input', { bubbles: true }))
  }
  typedBeforeHydration.clear()
}
