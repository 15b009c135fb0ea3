import { useEffect, useRef } from 'react'
import { useFetcher, useSearchParams } from 'react-router'
import { FormReturnFields } from '#app/components/cart/use-js-field.tsx'
import { useT } from '#app/lib/use-t.ts'
import type { NewsletterOutcome as Outcome } from '#app/modules/support/support.schemas.ts'

/** Newsletter sign-up: a plain post without JavaScript (the outcome comes back in the URL), a fetcher with it. */
export function NewsletterForm() {
  const t = useT()
  const fetcher = useFetcher<Outcome>({ key: 'newsletter' })
  const [params] = useSearchParams()
  const input = useRef<HTMLInputElement>(null)
  const fromUrl = params.get('newsletter')
  const outcome: string | null = fetcher.data ? (fetcher.data.ok ? 'ok' : fetcher.data.code) : fromUrl
  useEffect(() => {
    if (fetcher.data?.ok && input.current) input.current.value = ''
  }, [fetcher.data])
  const minutes =
    fetcher.data && !fetcher.data.ok && fetcher.data.code === 'limited'
      ? fetcher.data.minutes
      : Number(params.get('wait')) || 1
  const message =
    outcome === 'ok'
      ? t('footer.newsletter.ok')
      : outcome === 'limited'
        ? t('throttle.tooMany', { minutes })
        : outcome === 'invalid'
          ? t('footer.newsletter.invalid')
          : null
  const failed = outcome === 'invalid' || outcome === 'limited'
  return (
    <fetcher.Form
      method="post"
      action="/api/newsletter"
      id="newsletter"
      className="mt-6 max-w-sm scroll-mt-24"
      noValidate
    >
      <h2 className="text-sm font-semibold text-white">{t('footer.newsletter.title')}</h2>
      <p className="text-sm text-stone-300">{t('footer.newsletter.body')}</p>
      <label htmlFor="newsletter-email" className="sr-only">
        {t('footer.newsletter.placeholder')}
      </label>
      <FormReturnFields />
      <div className="mt-3 flex gap-2">
        <input
          ref={input}
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          aria-invalid={failed || undefined}
          aria-describedby="newsletter-message"
          placeholder={t('footer.newsletter.placeholder')}
          className="h-10 w-0 min-w-0 flex-1 rounded-md border border-stone-600 bg-stone-800 px-3 text-base text-white placeholder:text-stone-400 sm:text-sm"
        />
        <button
          type="submit"
          disabled={fetcher.state !== 'idle'}
          className="h-10 rounded-md bg-accent px-4 text-sm font-semibold text-accent-foreground hover:bg-accent/90 disabled:opacity-60"
        >
          {fetcher.state === 'idle' ? t('footer.newsletter.subscribe') : t('footer.newsletter.busy')}
        </button>
      </div>
      <p
        id="newsletter-message"
        role="status"
        className={failed ? 'mt-2 text-sm text-amber-300' : 'mt-2 text-sm text-emerald-300'}
      >
        {message}
      </p>
    </fetcher.Form>
  )
}
