import { expect, test } from 'vitest'
import { cn } from './utils.ts'

test('a later class of the same group wins, under the same variants only', () => {
  expect(cn('h-10 px-4 bg-primary', 'bg-secondary')).toBe('h-10 px-4 bg-secondary')
  expect(cn('px-4 py-2', 'p-0')).toBe('p-0')
  expect(cn('h-10 w-10', 'size-9')).toBe('size-9')
  expect(cn('text-sm text-foreground', 'text-primary')).toBe('text-sm text-primary')
  expect(cn('hover:bg-muted bg-card', 'bg-card/90')).toBe('hover:bg-muted bg-card/90')
  expect(cn('inline-flex', false && 'x', 'hidden sm:inline-flex')).toBe('hidden sm:inline-flex')
  expect(cn('border border-input', 'border-primary')).toBe('border border-primary')
})
