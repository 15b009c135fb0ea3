import { data, isRouteErrorResponse, useRouteError } from 'react-router'
import { NotFound } from '#app/components/layout/not-found-content.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { Route } from './+types/not-found'

// Every unknown path lands here: the prototype's page, inside the storefront layout, with HTTP 404.
export function loader({ request }: Route.LoaderArgs) {
  return data({ title: requestI18n(request)._('notFound.metaTitle') }, { status: 404 })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default NotFound

// A 404 thrown from further down (none today) shows the same page; anything else goes up to the layout.
export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  throw error
}
