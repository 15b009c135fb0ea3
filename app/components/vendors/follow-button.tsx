import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { FormReturnFields } from '#app/components/cart/use-js-field.tsx'
import { Button, type ButtonProps } from '#app/components/ui/button.tsx'
import { HiddenField } from '#app/components/ui/hidden-field.tsx'
import { UserCheck, UserPlus } from '#app/components/ui/icons.tsx'
import { toast } from '#app/components/ui/toaster.tsx'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'

const keyOf = (vendorId: number) => `follow-${vendorId}`

/**
 * Whether the signed-in customer follows a store, as the page should show it now: the server's answer, or,
 * while a press is on its way, what it will be (optimistic). Only a customer's press is anticipated: a
 * visitor's is sent to sign in.
 */
export function useFollowing(vendorId: number, following: boolean): boolean {
  const intent = useFetcher({ key: keyOf(vendorId) }).formData?.get('intent')
  if (useRootData().account?.role !== 'customer' || !intent) return following
  return intent === 'follow'
}

/** A store's follower count as the page should show it now (one more or less while a press is on its way). */
export function useFollowerCount(vendorId: number, count: number, following: boolean): number {
  return count + Number(useFollowing(vendorId, following)) - Number(following)
}

/**
 * Follow / Following: a form post to /api/follow, so it works before and without JavaScript (the page comes
 * back with the new state); with JavaScript it changes at once. A visitor is sent to sign in; a vendor or admin
 * is told that only customers follow stores: as a toast, or beside the button without JavaScript.
 */
export function FollowButton({
  vendorId,
  following,
  label,
  className,
  variant,
  ...button
}: Omit<ButtonProps, 'children' | 'type'> & { vendorId: number; following: boolean; label: string }) {
  const t = useT()
  const fetcher = useFetcher<{ ok: boolean; code?: string }>({ key: keyOf(vendorId) })
  const shown = useFollowing(vendorId, following)
  const { flash } = useRootData()
  const answer = fetcher.data
  useEffect(() => {
    if (answer?.ok !== false) return
    if (answer.code === 'customers-only')
      toast.error(t('vendor.follow.customersOnly.title'), t('vendor.follow.customersOnly.body'))
    else toast.error(t('vendor.follow.notFound.title'), t('vendor.follow.notFound.body'))
  }, [answer, t])
  return (
    <fetcher.Form method="post" action="/api/follow" className={className}>
      <HiddenField name="intent" value={shown ? 'unfollow' : 'follow'} />
      <HiddenField name="vendorId" value={vendorId} />
      <FormReturnFields />
      <Button type="submit" {...button} variant={shown ? 'secondary' : variant} className="w-full">
        {shown ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
        {shown ? t('vendor.follow.following') : label}
      </Button>
      {flash?.kind === 'error' && flash.values?.vendorId === String(vendorId) && flash.body ? (
        <p role="alert" className="mt-1 text-xs text-destructive">
          {flash.body}
        </p>
      ) : null}
    </fetcher.Form>
  )
}
