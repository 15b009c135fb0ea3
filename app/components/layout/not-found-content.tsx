import { Link } from 'react-router'
import { useT } from '#app/lib/use-t.ts'

/** The prototype's 'Oops! Page Not Found', with the way back to home, products and help. */
export function NotFound() {
  const t = useT()
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p aria-hidden="true" className="text-7xl font-extrabold text-primary">
        404
      </p>
      <h1 className="mt-2 text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('notFound.body')}</p>
      <ul className="mt-8 flex flex-wrap justify-center gap-3">
        <li>
          <Link
            to="/"
            className="inline-flex h-10 items-center rounded-md bg-primary px-4 font-semibold text-primary-foreground"
          >
            {t('notFound.home')}
          </Link>
        </li>
        <li>
          <Link
            to="/products"
            className="inline-flex h-10 items-center rounded-md border border-input bg-card px-4 font-semibold hover:bg-muted"
          >
            {t('notFound.products')}
          </Link>
        </li>
        <li>
          <Link
            to="/help"
            className="inline-flex h-10 items-center rounded-md border border-input bg-card px-4 font-semibold hover:bg-muted"
          >
            {t('notFound.help')}
          </Link>
        </li>
      </ul>
    </div>
  )
}
