import { memo, useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * `js=1` in a form once the page runs, so that its action answers with data for the fetcher instead of a redirect;
 * without JavaScript the field is empty. The value is set on the element by an effect, not rendered from state:
 * hydration then needs no second render (every card's forms re-rendering after hydration was one long task of a
 * listing page). React never writes the value back, because the input names neither `value` nor `defaultValue`.
 */
export const JsField = memo(function JsField() {
  const field = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (field.current) field.current.value = '1'
  }, [])
  return <input ref={field} type="hidden" name="js" />
})

/**
 * Hidden fields every cart, favourites, follow and newsletter form carries: where to come back to without JavaScript,
 * and JsField.
 */
export const FormReturnFields = memo(function FormReturnFields() {
  const location = useLocation()
  return (
    <>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <JsField />
    </>
  )
})
