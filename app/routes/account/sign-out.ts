import { redirect } from 'react-router'
import { clientAddressOf } from '#app/lib/context.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { signOut } from '#app/modules/accounts/accounts.server.ts'
import { accountsContextOf } from '#app/modules/accounts/request.server.ts'
import type { Route } from './+types/sign-out'

/** Sign Out (the header and both dashboards): the session ends on the server and its cookie is cleared. */
export async function action({ request, context }: Route.ActionArgs) {
  const cookies = await signOut(accountsContextOf(context), { request, clientAddress: clientAddressOf(context) })
  const headers = new Headers()
  for (const cookie of cookies) headers.append('Set-Cookie', cookie)
  headers.append('Set-Cookie', await flashCookie({ kind: 'success', title: 'account.toast.signedOut' }))
  return redirect('/', { headers })
}

export function loader() {
  return redirect('/')
}
