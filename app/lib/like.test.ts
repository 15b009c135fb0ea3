import { describe, expect, test } from 'vitest'
import { escapeLike } from './like.ts'

describe('escapeLike', () => {
  test('percent, underscore and backslash match literally; other text is unchanged', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now')
    expect(escapeLike('Aline Uwase')).toBe('Aline Uwase')
  })
})
