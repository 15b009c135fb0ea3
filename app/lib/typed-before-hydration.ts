/**
 * Text typed into a <textarea> before the page runs, kept through hydration. React 19 hydrates a textarea by
 * writing its server text back into it (an <input> keeps what was typed), so on a slow connection what someone
 * typed into a field that already held text (a store's policies, a product's description) vanished when the
 * scripts arrived, and a Save sent the old text. The entry notes each textarea edited before hydration
 * (watchTypedText); once hydration has committed, the root puts the text back (restore-typed-text.ts, loaded only
 * when something was typed: this part is on every page).
 */
export const typedBeforeHydration = new Map<HTMLTextAreaElement, string>()

export function noteTyped(target: EventTarget | null) {
  if (target instanceof HTMLTextAreaElement && target.value !== target.defaultValue)
    typedBeforeHydration.set(target, target.value)
}
export const onTyped = (event: Event) => noteTyped(event.target)

export function watchTypedText(): void {
  for (const area of document.querySelectorAll('textarea')) noteTyped(area)
  document.addEventListener('input', onTyped, true)
}
