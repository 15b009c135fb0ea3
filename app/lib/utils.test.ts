import { expect, test } from 'vitest'
import { cn } from './utils.ts'

test('every class given is kept (issue 12: the old merger dropped border-dashed)', () => {
  expect(cn('border border-dashed border-border')).toBe('border border-dashed border-border')
  expect(cn('border-2 border-dashed', 'border-primary')).toBe('border-2 border-dashed border-primary')
  expect(cn('font-medium', 'font-sans')).toBe('font-medium font-sans')
  expect(cn('shadow-sm shadow-black/10')).toBe('shadow-sm shadow-black/10')
  expect(cn('rounded-md rounded-t-none')).toBe('rounded-md rounded-t-none')
})

test('conditionals, arrays and empty values are joined as clsx joins them', () => {
  expect(cn('inline-flex', false && 'x', null, undefined, ['gap-2', { 'sm:inline-flex': true, hidden: false }])).toBe(
    'inline-flex gap-2 sm:inline-flex',
  )
})
