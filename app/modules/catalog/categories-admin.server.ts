import { asc, count, eq, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { recordStaffAction } from '#app/modules/staff/audit.server.ts'
import { clearCategoryTreeCache } from './catalog.server.ts'
import { CATEGORY_NAME_MAX, MAX_CATEGORY_LEVEL } from './moderation.ts'
import { type CategoryNames, categories, products } from './tables.server.ts'
import { slugify } from './vendor-products.server.ts'

// Category management by Isoko's staff (issue 17): add, rename (English, Kinyarwanda, French), move under another
// parent (never under itself or below itself; at most three levels), hide and show. Each mutation takes the acting
// staff member's id and, when it changes something, records it in the staff audit log in the same transaction. The search read model follows
// renames, moves and hiding through the triggers of migrations 0017 and 0020; the caches are cleared here.

export type CategoryNamesInput = { en: string; rw?: string; fr?: string }

export type CategoryRefusal = {
  ok: false
  code: 'not_found' | 'name-required' | 'name-too-long' | 'parent-not-found' | 'cycle' | 'too-deep'
}

export type StaffCategory = {
  id: number
  parentId: number | null
  slug: string
  name: string
  names: CategoryNames
  level: number
  position: number
  hidden: boolean
  /** Products filed under it or under any category below it, in any status (a department counts its shelves). */
  products: number
}

/** Every category, parents before children, each level by position: the staff's tree (hidden ones included). */
export async function listCategoriesForStaff(ctx: ServiceContext): Promise<StaffCategory[]> {
  const counts = ctx.db
    .select({ categoryId: products.categoryId, n: count().as('n') })
    .from(products)
    .groupBy(products.categoryId)
    .as('counts')
  const rows = await ctx.db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      slug: categories.slug,
      name: categories.name,
      names: categories.names,
      level: categories.level,
      position: categories.position,
      hidden: categories.hidden,
      products: sql<number>`coalesce(${counts.n}, 0)`,
    })
    .from(categories)
    .leftJoin(counts, eq(counts.categoryId, categories.id))
    .orderBy(asc(categories.level), asc(categories.position), asc(categories.id))
  // Depth-first: each category followed by the ones below it.
  const byParent = new Map<number | null, typeof rows>()
  for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r])
  const out: StaffCategory[] = []
  /** Adds the categories below `parent`, and answers how many products they hold in all. */
  const walk = (parent: number | null): number => {
    let total = 0
    for (const r of byParent.get(parent) ?? []) {
      const entry = { ...r, products: Number(r.products) }
      out.push(entry)
      entry.products += walk(r.id)
      total += entry.products
    }
    return total
  }
  walk(null)
  return out
}

function cleanNames(input: CategoryNamesInput): { name: string; names: CategoryNames } | CategoryRefusal {
  const name = input.en.trim()
  const rw = input.rw?.trim() || undefined
  const fr = input.fr?.trim() || undefined
  if (!name) return { ok: false, code: 'name-required' }
  if ([name, rw, fr].some((n) => n && n.length > CATEGORY_NAME_MAX)) return { ok: false, code: 'name-too-long' }
  return { name, names: { ...(rw ? { rw } : {}), ...(fr ? { fr } : {}) } }
}

/** Staff add a category under a parent (or a department at the top), named in up to three languages. */
export async function addCategory(
  ctx: ServiceContext,
  input: { staffUserId: string; parentId: number | null; names: CategoryNamesInput },
): Promise<{ ok: true; id: number } | CategoryRefusal> {
  const named = cleanNames(input.names)
  if ('ok' in named) return named
  let level = 0
  if (input.parentId != null) {
    const [parent] = await ctx.db
      .select({ level: categories.level })
      .from(categories)
      .where(eq(categories.id, input.parentId))
    if (!parent) return { ok: false, code: 'parent-not-found' }
    if (parent.level >= MAX_CATEGORY_LEVEL) return { ok: false, code: 'too-deep' }
    level = parent.level + 1
  }
  const base = slugify(named.name) || 'category'
  const id = await ctx.db.transaction(async (tx) => {
    const taken = new Set(
      (
        await tx
          .select({ slug: categories.slug })
          .from(categories)
          .where(sql`${categories.slug} like ${`${base}%`}`)
      ).map((r) => r.slug),
    )
    let slug = base
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${categories.position}), -1)` })
      .from(categories)
      .where(input.parentId == null ? sql`${categories.parentId} is null` : eq(categories.parentId, input.parentId))
    const [row] = await tx
      .insert(categories)
      .values({
        parentId: input.parentId,
        slug,
        name: named.name,
        names: named.names,
        level,
        position: Number(last?.position ?? -1) + 1,
      })
      .returning({ id: categories.id })
    await recordStaffAction(
      { db: tx },
      {
        actor: { userId: input.staffUserId },
        action: 'category:add',
        subject: { type: 'category', id: row.id },
        after: { name: named.name, names: named.names, parentId: input.parentId },
      },
    )
    return row.id
  })
  clearCategoryTreeCache(ctx)
  return { ok: true, id }
}

/** Staff rename a category in English, Kinyarwanda and French (a language left empty falls back to English). */
export async function renameCategory(
  ctx: ServiceContext,
  input: { staffUserId: string; categoryId: number; names: CategoryNamesInput },
): Promise<{ ok: true } | CategoryRefusal> {
  const named = cleanNames(input.names)
  if ('ok' in named) return named
  const result = await ctx.db.transaction(async (tx): Promise<{ ok: true } | CategoryRefusal> => {
    const [before] = await tx
      .select({ name: categories.name, names: categories.names })
      .from(categories)
      .where(eq(categories.id, input.categoryId))
      .for('update')
    if (!before) return { ok: false, code: 'not_found' }
    const same = before.name === named.name && sameNames(before.names, named.names)
    if (same) return { ok: true }
    await tx.update(categories).set({ name: named.name, names: named.names }).where(eq(categories.id, input.categoryId))
    await recordStaffAction(
      { db: tx },
      {
        actor: { userId: input.staffUserId },
        action: 'category:rename',
        subject: { type: 'category', id: input.categoryId },
        before: { name: before.name, names: before.names },
        after: { name: named.name, names: named.names },
      },
    )
    return { ok: true }
  })
  if (result.ok) clearCategoryTreeCache(ctx)
  return result
}

const sameNames = (a: CategoryNames, b: CategoryNames) => a.rw === b.rw && a.fr === b.fr

/**
 * Staff move a category (and everything below it) under another parent, or to the top (null). Refused when the
 * new parent is the category itself or below it (a cycle), or when the moved subtree would be deeper than three
 * levels.
 */
export async function moveCategory(
  ctx: ServiceContext,
  input: { staffUserId: string; categoryId: number; parentId: number | null },
): Promise<{ ok: true } | CategoryRefusal> {
  const result = await ctx.db.transaction(async (tx): Promise<{ ok: true } | CategoryRefusal> => {
    const [self] = await tx
      .select({ id: categories.id, level: categories.level, parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.id, input.categoryId))
      .for('update')
    if (!self) return { ok: false, code: 'not_found' }
    // The category's subtree with each one's depth below it.
    // Both engines answer execute() with { rows }.
    const below = (await tx.execute(
      sql`with recursive down(id, depth) as (select ${self.id}::int, 0 union all select c.id, down.depth + 1 from ${categories} c join down on c.parent_id = down.id) select id, depth from down`,
    )) as unknown as { rows: { id: number; depth: number }[] }
    const subtree = below.rows
    let level = 0
    if (input.parentId != null) {
      if (subtree.some((r) => Number(r.id) === input.parentId)) return { ok: false, code: 'cycle' }
      const [parent] = await tx
        .select({ level: categories.level })
        .from(categories)
        .where(eq(categories.id, input.parentId))
      if (!parent) return { ok: false, code: 'parent-not-found' }
      level = parent.level + 1
    }
    const deepest = Math.max(...subtree.map((r) => Number(r.depth)))
    if (level + deepest > MAX_CATEGORY_LEVEL) return { ok: false, code: 'too-deep' }
    const shift = level - self.level
    if (shift !== 0) {
      const ids = subtree.map((r) => Number(r.id)).filter((id) => id !== self.id)
      for (const id of ids) {
        await tx
          .update(categories)
          .set({ level: sql`${categories.level} + ${shift}` })
          .where(eq(categories.id, id))
      }
    }
    await tx.update(categories).set({ parentId: input.parentId, level }).where(eq(categories.id, self.id))
    if (self.parentId !== input.parentId) {
      await recordStaffAction(
        { db: tx },
        {
          actor: { userId: input.staffUserId },
          action: 'category:move',
          subject: { type: 'category', id: self.id },
          before: { parentId: self.parentId },
          after: { parentId: input.parentId },
        },
      )
    }
    return { ok: true }
  })
  if (result.ok) clearCategoryTreeCache(ctx)
  return result
}

/**
 * Staff hide a category (or show it again): hidden, it and the categories below it leave the shoppers' menus and
 * their products are not listed (migration 0020's trigger); the products stay in their vendors' workspaces.
 */
export async function setCategoryHidden(
  ctx: ServiceContext,
  input: { staffUserId: string; categoryId: number; hidden: boolean },
): Promise<{ ok: true } | CategoryRefusal> {
  const result = await ctx.db.transaction(async (tx): Promise<{ ok: true } | CategoryRefusal> => {
    const [exists] = await tx
      .select({ id: categories.id, hidden: categories.hidden })
      .from(categories)
      .where(eq(categories.id, input.categoryId))
      .for('update')
    if (!exists) return { ok: false, code: 'not_found' }
    if (exists.hidden === input.hidden) return { ok: true }
    await tx.update(categories).set({ hidden: input.hidden }).where(eq(categories.id, input.categoryId))
    await recordStaffAction(
      { db: tx },
      {
        actor: { userId: input.staffUserId },
        action: input.hidden ? 'category:hide' : 'category:show',
        subject: { type: 'category', id: input.categoryId },
        before: { hidden: exists.hidden },
        after: { hidden: input.hidden },
      },
    )
    return { ok: true }
  })
  if (result.ok) clearCategoryTreeCache(ctx)
  return result
}
