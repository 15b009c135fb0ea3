import { describe, expect, it } from 'vitest'
import { errorForLog } from './error-log.server.ts'

describe('errorForLog', () => {
  it("never keeps a failed query's values: not in params, the message, the stack or a cause", () => {
    const cause = Object.assign(new Error('Failed query: select $1\nparams: cause@example.com'), {
      params: ['cause@example.com'],
    })
    const error = Object.assign(
      new Error('Failed query: select * from users where email = $1\nparams: victim@example.com'),
      {
        params: ['victim@example.com'],
        cause,
      },
    )
    const logged = JSON.stringify(errorForLog(error))
    expect(logged).toContain('Failed query: select * from users where email = $1')
    expect(logged).not.toContain('victim@')
    expect(logged).not.toContain('cause@')
  })

  it('passes what is not an error through', () => {
    expect(errorForLog('plain')).toBe('plain')
  })
})
