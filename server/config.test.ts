import { describe, expect, it } from 'vitest'
import { configurationProblems } from './config.ts'

describe('configurationProblems', () => {
  it('lists a TRUST_PROXY and a WORKER_MODE it cannot read with the other problems, before anything starts', () => {
    const problems = configurationProblems({ TRUST_PROXY: 'proxy.example', WORKER_MODE: 'both' })
    expect(problems.some((p) => p.startsWith('TRUST_PROXY'))).toBe(true)
    expect(problems.some((p) => p.startsWith('WORKER_MODE'))).toBe(true)
  })

  it('has nothing to say of a development start with no settings', () => {
    expect(configurationProblems({})).toEqual([])
  })
})
