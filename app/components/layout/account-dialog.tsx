import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import { Store, UserRound, X } from '#app/components/ui/icons.tsx'
import { useT } from '#app/lib/use-t.ts'
import { ACCOUNT_DIALOG_ID } from './links.ts'

/**
 * 'Choose Your Account Type'. A native popover: it opens from the My Account buttons without any JavaScript
 * of ours, closes on Escape or a click outside, and closes when an option is chosen (the page changes).
 */
export function AccountDialog() {
  const t = useT()
  const { pathname } = useLocation()
  // A client-side navigation does not reload the page: close the dialog when an option takes us elsewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change, by design
  useEffect(() => {
    const el = document.getElementById(ACCOUNT_DIALOG_ID)
    if (el?.matches(':popover-open')) el.hidePopover()
  }, [pathname])
  return (
    <div
      id={ACCOUNT_DIALOG_ID}
      popover="auto"
      role="dialog"
      aria-modal="true"
      aria-labelledby="account-dialog-title"
      className="fixed inset-0 m-auto h-fit w-[min(92vw,26rem)] rounded-xl border border-border bg-card p-6 text-foreground shadow-2xl backdrop:bg-black/40"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id="account-dialog-title" className="text-xl font-bold">
          {t('account.dialog.title')}
        </h2>
        <button
          type="button"
          popoverTarget={ACCOUNT_DIALOG_ID}
          popoverTargetAction="hide"
          className="-m-1 rounded-md p-1 hover:bg-muted"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">{t('account.dialog.close')}</span>
        </button>
      </div>
      <div className="mt-5 grid gap-3">
        <AccountOption
          to="/customer-signup"
          icon={<UserRound aria-hidden="true" className="size-6" />}
          title={t('account.dialog.customer')}
          body={t('account.dialog.customer.body')}
        />
        <AccountOption
          to="/vendor-onboarding"
          icon={<Store aria-hidden="true" className="size-6" />}
          title={t('account.dialog.vendor')}
          body={t('account.dialog.vendor.body')}
        />
      </div>
      <p className="mt-5 text-center text-sm text-muted-foreground">
        {t('account.dialog.signin.prompt')}{' '}
        <Link to="/customer-login" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('account.dialog.signin')}
        </Link>
      </p>
    </div>
  )
}

function AccountOption({ to, icon, title, body }: { to: string; icon: React.ReactNode; title: string; body: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-4 rounded-lg border border-border p-4 transition-colors hover:border-primary hover:bg-muted"
    >
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        {icon}
      </span>
      <span>
        <span className="block font-semibold">{title}</span>
        <span className="block text-sm text-muted-foreground">{body}</span>
      </span>
    </Link>
  )
}
