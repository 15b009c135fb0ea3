import { availableParallelism } from 'node:os'
import { type ArtKind, backgroundOf, bannerSvg, hashString, productSvg } from '#app/modules/images/artwork.ts'
import { type StoredImage, storeImage } from '#app/modules/images/images.server.ts'
import { type FlatItem, slugify } from './catalogue.ts'

// The seed's picture pool: for every category item, a picture in each of a few of its colours (products of that
// item in those colours share it), and a banner per store. Drawn as SVG, encoded once, cached by content.

/** How many of an item's colours get a picture; a product's first colour is always one of them. */
export const POOL_COLOURS_PER_ITEM = 2

export function pooledColours(item: FlatItem): string[] {
  return item.spec.colours.slice(0, POOL_COLOURS_PER_ITEM)
}

export function productImageKey(item: FlatItem, colour: string): string {
  return `p-${item.slug}-${slugify(colour)}`
}

export function bannerImageKey(vendorSlug: string): string {
  return `banner-${vendorSlug}`
}

export function productPlaceholder(colour: string): string {
  return backgroundOf(colour)
}

export type ImageJob = { key: string; kind: 'product' | 'banner'; svg: string }

export function productImageJobs(items: FlatItem[]): ImageJob[] {
  return items.flatMap((item) =>
    pooledColours(item).map((colour) => ({
      key: productImageKey(item, colour),
      kind: 'product' as const,
      svg: productSvg({ kind: item.spec.art, colour, patternIndex: hashString(`${item.slug}:${colour}`) }),
    })),
  )
}

/** A store's banner: its colours, and three different things from the items it sells. */
export function bannerImageJob(vendorSlug: string, colours: [string, string], sells: FlatItem[]): ImageJob {
  const seen = new Set<string>()
  const items: { kind: ArtKind; colour: string }[] = []
  for (const item of sells) {
    if (seen.has(item.spec.art) || items.length === 3) continue
    seen.add(item.spec.art)
    items.push({ kind: item.spec.art, colour: item.spec.colours[items.length % item.spec.colours.length] })
  }
  return {
    key: bannerImageKey(vendorSlug),
    kind: 'banner',
    svg: bannerSvg({ colours, patternIndex: hashString(vendorSlug), items }),
  }
}

/** Encodes (or copies from the cache) every job, a few at a time. */
export async function storeImages(
  jobs: ImageJob[],
  options: { dir: string | undefined; cacheDir?: string | false },
): Promise<StoredImage[]> {
  const results: StoredImage[] = new Array(jobs.length)
  let next = 0
  const workers = Math.max(2, Math.min(8, availableParallelism() * 2))
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < jobs.length) {
        const i = next++
        const job = jobs[i]
        results[i] = await storeImage(job.svg, job.key, job.kind, { dir: options.dir, cacheDir: options.cacheDir })
      }
    }),
  )
  return results
}
