import { memo } from 'react'

/**
 * A hidden field of a form that re-renders with the router's state (a fetcher's form): it renders again only when its
 * value changes. React writes every prop of an input it renders again back into the element, so a listing's 170
 * hidden fields were rewritten each time the router's state changed (once after every page load, when the routes its
 * links lead to are discovered, and at each step of every Add to Cart), for nothing.
 */
export const HiddenField = memo(function HiddenField({ name, value }: { name: string; value: string | number }) {
  return <input type="hidden" name={name} value={value} />
})
