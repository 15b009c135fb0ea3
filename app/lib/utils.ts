import { type ClassValue, clsx } from 'clsx'

// A small stand-in for tailwind-merge (which would cost 8 KB gzip of the 24 KB the app may send): when two
// classes set the same thing under the same variants, the later one wins. It knows the utility groups that
// our components override (spacing, sizing, colours, radius, font size and weight); others are kept as given.
const GROUPS: [RegExp, string][] = [
  [/^p-/, 'p'],
  [/^px-/, 'px'],
  [/^py-/, 'py'],
  [/^p[tblr]-/, 'p1'],
  [/^m-/, 'm'],
  [/^mx-/, 'mx'],
  [/^my-/, 'my'],
  [/^m[tblr]-/, 'm1'],
  [/^size-/, 'size'],
  [/^h-/, 'h'],
  [/^w-/, 'w'],
  [/^min-w-/, 'min-w'],
  [/^gap-/, 'gap'],
  [/^rounded(-|$)/, 'rounded'],
  [/^bg-/, 'bg'],
  [/^text-(xs|sm|base|lg|[0-9]?xl)$/, 'text-size'],
  [/^text-(left|center|right|justify)$/, 'text-align'],
  [/^text-/, 'text-colour'],
  [/^font-(thin|light|normal|medium|semibold|bold|extrabold|black)$/, 'font-weight'],
  [/^(block|inline-block|inline|flex|inline-flex|grid|hidden|contents)$/, 'display'],
  [/^border-(?!t-|b-|l-|r-|x-|y-|[0-9])/, 'border-colour'],
  [/^shadow(-|$)/, 'shadow'],
]
/** Groups that a later class of another group also overrides (p-0 after px-4 wins, size-9 after h-10). */
const OVERRIDES: Record<string, string[]> = { p: ['px', 'py', 'p1'], m: ['mx', 'my', 'm1'], size: ['h', 'w'] }

function groupOf(utility: string): string | undefined {
  const bare = utility.replace(/^!/, '').replace(/^-/, '')
  return GROUPS.find(([re]) => re.test(bare))?.[1]
}

export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs).split(' ').filter(Boolean)
  const seen = new Set<string>()
  const kept: string[] = []
  for (let i = classes.length - 1; i >= 0; i--) {
    const cls = classes[i] as string
    const cut = cls.lastIndexOf(':')
    const variants = cls.slice(0, cut + 1)
    const group = groupOf(cls.slice(cut + 1))
    if (group) {
      if (seen.has(variants + group)) continue
      seen.add(variants + group)
      for (const o of OVERRIDES[group] ?? []) seen.add(variants + o)
    }
    kept.push(cls)
  }
  return kept.reverse().join(' ')
}
