import { Link } from 'react-router'
import { Mail, Phone } from '#app/components/ui/icons.tsx'
import { formatPhone } from '#app/lib/phone.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { FooterLanguageSwitcher } from './language-switcher.tsx'
import { NewsletterForm } from './newsletter-form.tsx'

// Only what checkout offers (the payment methods momo, airtel, card and cod): the card provider's hosted page takes
// Visa and Mastercard. Brand names are not translated; each badge has the brand's own colours, drawn in CSS (no
// remote images).
const PAYMENT_BRANDS: { name: string; className: string }[] = [
  { name: 'Visa', className: 'bg-white text-[#1a1f71] italic' },
  { name: 'Mastercard', className: 'bg-white text-[#c2410c]' },
  { name: 'MTN MoMo', className: 'bg-[#ffcb05] text-black' },
  { name: 'Airtel Money', className: 'bg-[#e40000] text-white' },
]

export function Footer() {
  const t = useT()
  const { support } = useRootData()
  const columns: { title: string; links: [string, string][] }[] = [
    {
      title: t('footer.help'),
      links: [
        [t('footer.orders'), '/customer-dashboard/orders'],
        [t('footer.returns'), '/returns'],
        [t('footer.refunds'), '/refund-policy'],
        [t('footer.deleteAccount'), '/delete-account'],
        [t('footer.privacy'), '/privacy-policy'],
        [t('footer.terms'), '/terms'],
        [t('footer.cookies'), '/privacy-policy#cookies'],
      ],
    },
    {
      title: t('footer.sellers'),
      links: [
        [t('footer.link.sellOnIsoko'), '/vendor-onboarding'],
        [t('footer.link.vendorLogin'), '/vendor-login'],
      ],
    },
    {
      title: t('footer.company'),
      links: [
        [t('footer.about'), '/about'],
        [t('footer.support'), '/help'],
        [t('footer.link.vendors'), '/vendors'],
      ],
    },
  ]
  return (
    <footer className="mt-16 border-t border-border bg-foreground text-stone-200">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="text-2xl font-extrabold text-white">{t('site.name')}</p>
          <p className="mt-2 max-w-sm text-sm text-stone-300">{t('site.tagline')}</p>
          <NewsletterForm />
          <h2 className="mt-8 text-sm font-semibold tracking-wide text-white uppercase">{t('footer.contact')}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a
                href={`tel:${support.phone.replace(/\s/g, '')}`}
                className="inline-flex items-center gap-2 hover:text-white"
              >
                <Phone aria-hidden="true" className="size-4" />
                {formatPhone(support.phone)}
              </a>
            </li>
            <li>
              <a href={`mailto:${support.email}`} className="inline-flex items-center gap-2 hover:text-white">
                <Mail aria-hidden="true" className="size-4" />
                {support.email}
              </a>
            </li>
          </ul>
          <FooterLanguageSwitcher />
        </div>
        {columns.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{col.title}</h2>
            <ul className="footer-links mt-4 space-y-2 text-sm">
              {col.links.map(([label, href]) => (
                <li key={label}>
                  <Link to={href}>{label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-stone-700">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm text-stone-300 md:flex-row md:items-center md:justify-between">
          <p>{t('footer.copyright', { year: 2026 })}</p>
          <div>
            <h2 className="sr-only">{t('footer.payments')}</h2>
            <ul className="flex flex-wrap gap-2" aria-label={t('footer.payments')}>
              {PAYMENT_BRANDS.map((brand) => (
                <li
                  key={brand.name}
                  className={`rounded px-2 py-1 text-xs leading-4 font-bold tracking-tight ${brand.className}`}
                >
                  {brand.name}
                </li>
              ))}
              <li className="rounded bg-stone-700 px-2 py-1 text-xs leading-4 font-bold tracking-tight text-white">
                {t('footer.payments.cod')}
              </li>
            </ul>
          </div>
        </div>
      </div>
    </footer>
  )
}
