import { type ClassValue, clsx } from 'clsx'

/**
 * Joins class names (strings, conditionals, arrays), keeping every one. It does not merge conflicting Tailwind
 * classes: a component never sets what its callers vary (height, padding, colours, text size) in its own classes,
 * it takes a prop for that (a button's `variant` and `size`, an input's `compact`), so nothing needs merging.
 * tailwind-merge would do it at 8 KB gzip of the app's 24 KB of JavaScript (DESIGN.md section 4), and the
 * hand-made merger it replaced dropped valid classes ('border-dashed' beside 'border-border'). A journey
 * (tests/e2e/class-conflicts.spec.ts) checks that no rendered element carries two classes that set one thing.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs)
}
