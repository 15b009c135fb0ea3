import { Link } from 'react-router'
import { getEnv } from '#app/lib/env.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import type { Route } from './+types/policy'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['pages'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// One module for the four policy pages (routes policy-privacy, policy-terms, policy-returns, policy-refund) and the
// short About page (route page-about): a title, an introduction and titled sections, all from the catalogue.
const PAGES = {
  '/privacy-policy': { id: 'privacy', sections: ['who', 'what', 'why', 'rights', 'security', 'cookies'] },
  '/terms': { id: 'terms', sections: ['who', 'vendors', 'prices', 'orders', 'delivery', 'law'] },
  '/returns': { id: 'returns', sections: ['window', 'condition', 'defective', 'how'] },
  '/refund-policy': { id: 'refund', sections: ['when', 'method', 'cod', 'contact'] },
  '/about': { id: 'about', sections: ['what', 'vendors', 'pay', 'contact'] },
} as const satisfies Record<string, { id: string; sections: string[] }>

type PolicyPath = keyof typeof PAGES

function isPolicyPath(pathname: string): pathname is PolicyPath {
  return Object.hasOwn(PAGES, pathname)
}

export function loader({ request }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname.replace(/\/$/, '')
  const path: PolicyPath = isPolicyPath(pathname) ? pathname : '/privacy-policy'
  const i18n = requestI18n(request)
  return {
    path,
    title: `${i18n._(`pages.${PAGES[path].id}.title`)} | ${i18n._('site.name')}`,
    // The return window the returns page states: the one requests are held to (RETURN_WINDOW_DAYS).
    returnDays: getEnv().RETURN_WINDOW_DAYS,
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }]
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const page = PAGES[loaderData.path]
  const others = (Object.keys(PAGES) as PolicyPath[]).filter((p) => p !== loaderData.path)
  const values = { days: loaderData.returnDays }
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t(`pages.${page.id}.title`)}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{t('pages.updated')}</p>
      <p className="mt-6 text-lg leading-relaxed">{t(`pages.${page.id}.intro`, values)}</p>
      {page.sections.map((section) => (
        <section key={section} id={section} className="mt-8 scroll-mt-32">
          <h2 className="text-xl font-semibold">{t(messageId(`pages.${page.id}.${section}.title`), values)}</h2>
          <p className="mt-2 leading-relaxed text-foreground/90">
            {t(messageId(`pages.${page.id}.${section}.body`), values)}
          </p>
        </section>
      ))}
      <nav aria-label={t('pages.related')} className="mt-12 border-t border-border pt-6">
        <h2 className="text-sm font-semibold text-muted-foreground">{t('pages.related')}</h2>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          {others.map((path) => (
            <li key={path}>
              <Link to={path} className="font-medium text-primary hover:underline">
                {t(`pages.${PAGES[path].id}.title`)}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/help" className="font-medium text-primary hover:underline">
              {t('notFound.help')}
            </Link>
          </li>
        </ul>
      </nav>
    </article>
  )
}
