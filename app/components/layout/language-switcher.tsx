import { HiddenField } from '#app/components/ui/hidden-field.tsx'
import { ChevronDown, Globe } from '#app/components/ui/icons.tsx'
import { localeNames, locales } from '#app/lib/i18n.tsx'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

/**
 * The three languages as buttons of one plain form (POST /language): it works before and without JavaScript, and
 * the page comes back in the chosen language at the same address. Each language is named in itself ("Français"),
 * marked with its own `lang` so a screen reader says it right.
 */
export function LanguageForm({
  className,
  buttonClassName,
  labelledBy,
}: {
  className?: string
  buttonClassName?: string
  labelledBy?: string
}) {
  const { locale, path } = useRootData()
  return (
    <form method="post" action="/language" className={className} aria-labelledby={labelledBy}>
      <HiddenField name="redirectTo" value={path} />
      {locales.map((l) => (
        <button
          key={l}
          type="submit"
          name="lang"
          value={l}
          lang={l}
          aria-current={l === locale ? 'true' : undefined}
          className={cn(buttonClassName, l === locale && 'font-bold underline underline-offset-4')}
        >
          {localeNames[l]}
        </button>
      ))}
    </form>
  )
}

/**
 * The header's switcher from tablet width: the current language's code behind a globe, opening the three (a
 * <details>, no script). On phones the same choice is at the foot of the side menu, which has the room.
 */
export function HeaderLanguageSwitcher() {
  const t = useT()
  const { locale } = useRootData()
  return (
    <details className="group relative hidden md:block">
      <summary
        className="inline-flex h-10 cursor-pointer list-none items-center gap-1 rounded-md px-2 text-sm font-medium uppercase hover:bg-muted [&::-webkit-details-marker]:hidden"
        aria-label={t('header.language', { language: localeNames[locale] })}
      >
        <Globe aria-hidden="true" className="size-5" />
        <span aria-hidden="true">{locale}</span>
        <ChevronDown aria-hidden="true" className="size-3 group-open:rotate-180" />
      </summary>
      <div className="absolute right-0 z-50 mt-1 w-44 rounded-md border border-border bg-card p-1 shadow-lg">
        <LanguageForm className="grid" buttonClassName="rounded px-3 py-2 text-left text-sm hover:bg-muted" />
      </div>
    </details>
  )
}

/** The footer's switcher: the three languages side by side. */
export function FooterLanguageSwitcher() {
  const t = useT()
  return (
    <nav aria-label={t('footer.language')} className="mt-8">
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t('footer.language')}</h2>
      <LanguageForm
        className="mt-3 flex flex-wrap gap-x-4 gap-y-2"
        buttonClassName="min-h-10 text-sm text-stone-200 hover:text-white"
      />
    </nav>
  )
}
