import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Input } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import {
  addCategory,
  type CategoryRefusal,
  listCategoriesForStaff,
  moveCategory,
  renameCategory,
  type StaffCategory,
  setCategoryHidden,
} from '#app/modules/catalog/categories-admin.server.ts'
import { CATEGORY_NAME_MAX, MAX_CATEGORY_LEVEL } from '#app/modules/catalog/moderation.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { CategoryFormSchema } from '#app/queries/staff-console.schemas.ts'
import type { Route } from './+types/categories'

// Category management: add, rename in the three languages, move under another parent, hide and show.

export const handle = { i18n: ['admin'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'categories:manage')
  const categories = await listCategoriesForStaff(serviceContextOf(context))
  // One category's forms at a time (?edit=<id>): the whole tree with every form would be a heavy page.
  const edit = Number(new URL(request.url).searchParams.get('edit')) || null
  return { title: requestI18n(request)._('admin.categories.meta'), categories, edit }
}

type ActionData = {
  /** The form refused: 'add', or the category's id. */
  form: 'add' | number
  intent: string
  error: string
  values: { en?: string; rw?: string; fr?: string }
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireStaffPermission(context, 'categories:manage')
  const i18n = requestI18n(request)
  const ctx = serviceContextOf(context)
  const parsed = CategoryFormSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) throw new Response('Bad request', { status: 400 })
  const input = parsed.data
  const staffUserId = actor.userId
  let result: { ok: true } | CategoryRefusal
  switch (input.intent) {
    case 'add': {
      const parentId = input.parentId === '' ? null : input.parentId
      result = await addCategory(ctx, { staffUserId, parentId, names: input })
      break
    }
    case 'rename':
      result = await renameCategory(ctx, { staffUserId, categoryId: input.categoryId, names: input })
      break
    case 'move':
      result = await moveCategory(ctx, {
        staffUserId,
        categoryId: input.categoryId,
        parentId: input.parentId === '' ? null : input.parentId,
      })
      break
    default:
      result = await setCategoryHidden(ctx, {
        staffUserId,
        categoryId: input.categoryId,
        hidden: input.intent === 'hide',
      })
  }
  if (!result.ok) {
    if (result.code === 'not_found') throw new Response('Not found', { status: 404 })
    return data<ActionData>(
      {
        form: input.intent === 'add' ? 'add' : input.categoryId,
        intent: input.intent,
        error: i18n._(`admin.categories.error.${result.code}`),
        values: 'en' in input ? { en: input.en, rw: input.rw, fr: input.fr } : {},
      },
      { status: 400 },
    )
  }
  const flash = await flashCookie({ kind: 'success', title: `admin.categories.toast.${input.intent}` })
  const url = new URL(request.url)
  return redirect(url.pathname + url.search, { headers: { 'Set-Cookie': flash } })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CategoriesPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { categories, edit } = loaderData
  const parents = categories.filter((c) => c.level < MAX_CATEGORY_LEVEL)
  const addRefused = actionData?.form === 'add' ? actionData : undefined
  return (
    <section aria-labelledby="admin-categories-title" className="grid gap-6">
      <div>
        <h1 id="admin-categories-title" className="text-2xl font-bold sm:text-3xl">
          {t('admin.categories.heading')}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">{t('admin.categories.intro')}</p>
      </div>

      <section aria-labelledby="admin-categories-add" className="rounded-lg border border-border bg-card p-4">
        <h2 id="admin-categories-add" className="text-lg font-semibold">
          {t('admin.categories.add')}
        </h2>
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-3" key={addRefused ? 'refused' : 'fresh'}>
          <input type="hidden" name="intent" value="add" />
          <div className="grid gap-1 sm:col-span-3">
            <label htmlFor="category-add-parent" className="text-sm font-medium">
              {t('admin.categories.parent')}
            </label>
            <ParentSelect id="category-add-parent" parents={parents} />
          </div>
          <NameFields prefix="category-add" values={addRefused?.values} error={addRefused?.error} />
          <div className="sm:col-span-3">
            <Button type="submit">{t('admin.categories.addSubmit')}</Button>
          </div>
        </Form>
      </section>

      <ul className="grid gap-2">
        {categories.map((c) => (
          <li key={c.id} style={{ marginInlineStart: `${c.level * 1}rem` }}>
            <CategoryRow
              category={c}
              parents={parents.filter((p) => p.id !== c.id)}
              refused={actionData?.form === c.id ? actionData : undefined}
              editing={edit === c.id || actionData?.form === c.id}
            />
          </li>
        ))}
      </ul>
    </section>
  )
}

function ParentSelect({ id, parents, current }: { id: string; parents: StaffCategory[]; current?: number | null }) {
  const t = useT()
  return (
    <select
      id={id}
      name="parentId"
      defaultValue={current == null ? '' : String(current)}
      className="h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 text-sm"
    >
      <option value="">{t('admin.categories.top')}</option>
      {parents.map((p) => (
        <option key={p.id} value={p.id}>
          {`${'— '.repeat(p.level)}${p.name}`}
        </option>
      ))}
    </select>
  )
}

function NameFields({
  prefix,
  values,
  error,
  defaults,
}: {
  prefix: string
  values?: ActionData['values']
  error?: string
  defaults?: { en: string; rw?: string; fr?: string }
}) {
  const t = useT()
  const fields = [
    { name: 'en', label: t('admin.categories.name.en') },
    { name: 'rw', label: t('admin.categories.name.rw') },
    { name: 'fr', label: t('admin.categories.name.fr') },
  ] as const
  return (
    <>
      {fields.map((f) => (
        <div key={f.name} className="grid min-w-0 gap-1">
          <label htmlFor={`${prefix}-${f.name}`} className="text-sm font-medium">
            {f.label}
          </label>
          <Input
            id={`${prefix}-${f.name}`}
            name={f.name}
            maxLength={CATEGORY_NAME_MAX}
            required={f.name === 'en'}
            defaultValue={values?.[f.name] ?? defaults?.[f.name] ?? ''}
            aria-invalid={f.name === 'en' && error ? true : undefined}
            aria-describedby={f.name === 'en' && error ? `${prefix}-error` : undefined}
          />
          {f.name === 'en' ? <FieldError id={`${prefix}-error`}>{error}</FieldError> : null}
        </div>
      ))}
    </>
  )
}

function CategoryRow({
  category: c,
  parents,
  refused,
  editing,
}: {
  category: StaffCategory
  parents: StaffCategory[]
  refused?: ActionData
  editing: boolean
}) {
  const t = useT()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('categoryId') === String(c.id)
  return (
    <div
      id={`category-${c.id}`}
      className={cn('rounded-md border border-border bg-card', c.hidden && 'border-dashed bg-muted')}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
        <span className="font-semibold break-words">{c.name}</span>
        <span className="text-xs text-muted-foreground">{[c.names.rw, c.names.fr].filter(Boolean).join(' · ')}</span>
        <span className="text-xs text-muted-foreground">{t('admin.categories.products', { count: c.products })}</span>
        {c.hidden ? <span className="text-xs font-semibold text-red-800">{t('admin.categories.hidden')}</span> : null}
        {editing ? null : (
          <Link
            to={`?edit=${c.id}#category-${c.id}`}
            className="ml-auto text-sm font-medium text-primary underline underline-offset-4"
            aria-label={t('admin.categories.editNamed', { name: c.name })}
          >
            {t('admin.categories.edit')}
          </Link>
        )}
      </div>
      {editing ? (
        <div className="grid gap-4 border-t border-border p-3">
          {refused ? (
            <p role="alert" className="text-sm text-destructive">
              {refused.error}
            </p>
          ) : null}
          <Form
            method="post"
            className="grid gap-3 sm:grid-cols-3"
            key={refused?.intent === 'rename' ? 'refused' : 'fresh'}
          >
            <input type="hidden" name="intent" value="rename" />
            <input type="hidden" name="categoryId" value={c.id} />
            <NameFields
              prefix={`category-${c.id}`}
              defaults={{ en: c.name, rw: c.names.rw, fr: c.names.fr }}
              values={refused?.intent === 'rename' ? refused.values : undefined}
            />
            <div className="sm:col-span-3">
              <Button type="submit" variant="outline" size="sm" disabled={busy}>
                {t('admin.categories.rename')}
              </Button>
            </div>
          </Form>
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="categoryId" value={c.id} />
            <div className="grid min-w-0 flex-1 basis-48 gap-1">
              <label htmlFor={`category-${c.id}-parent`} className="text-sm font-medium">
                {t('admin.categories.moveUnder')}
              </label>
              <ParentSelect id={`category-${c.id}-parent`} parents={parents} current={c.parentId} />
            </div>
            <Button type="submit" variant="outline" size="sm" disabled={busy}>
              {t('admin.categories.move')}
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="categoryId" value={c.id} />
            <Button
              type="submit"
              name="intent"
              value={c.hidden ? 'show' : 'hide'}
              variant={c.hidden ? 'default' : 'destructive'}
              size="sm"
              disabled={busy}
            >
              {c.hidden ? t('admin.categories.show') : t('admin.categories.hide')}
            </Button>
          </Form>
        </div>
      ) : null}
    </div>
  )
}
