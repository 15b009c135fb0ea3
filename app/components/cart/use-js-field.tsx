import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'

/**
 * Hidden fields every cart and favourites form carries: where to come back to without JavaScript, and,
 * once the page is hydrated, `js=1` so the action answers with data for the fetcher instead of a redirect.
 */
export function FormReturnFields() {
  const location = useLocation()
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return (
    <>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
    </>
  )
}
