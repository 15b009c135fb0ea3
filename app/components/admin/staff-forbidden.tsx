import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { NotFound } from '#app/components/layout/not-found-content.tsx'
import { useT } from '#app/lib/use-t.ts'

/**
 * The admin console's answer to a page or form that the staff member's role may not use (a 403 from
 * requireStaffPermission): what happened, and a link to the first page their role opens. A 404 shows the not-found page;
 * any other error the generic error text.
 */
export function StaffForbidden() {
  const error = useRouteError()
  const t = useT()
  const forbidden = isRouteErrorResponse(error) && error.status === 403
  const home = forbidden && typeof error.data?.home === 'string' ? (error.data.home as string) : '/'
  if (!isRouteErrorResponse(error)) console.error(error)
  // Not there (an unknown order, ticket or case): the same not-found page as anywhere else.
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold sm:text-3xl">
        {forbidden ? t('admin.roles.forbidden.title') : t('error.title')}
      </h1>
      <p className="mt-4 text-muted-foreground">{forbidden ? t('admin.roles.forbidden.body') : t('error.body')}</p>
      <p className="mt-6">
        <Link to={home} className="font-semibold text-primary underline">
          {forbidden ? t('admin.roles.forbidden.back') : t('error.home')}
        </Link>
      </p>
    </div>
  )
}
