import { describe, expect, test } from 'vitest'
import {
  multiServerStorageProblem,
  parseWorkerMode,
  runsBackgroundWork,
  servesRequests,
  workerModeProblem,
} from './worker-mode.server.ts'

describe('WORKER_MODE', () => {
  test('unset or empty is shared: one process serves requests and runs the background work', () => {
    for (const value of [undefined, '', ' ']) {
      const mode = parseWorkerMode(value)
      expect(mode).toBe('shared')
      expect(servesRequests(mode) && runsBackgroundWork(mode)).toBe(true)
    }
  })

  test('web serves requests without background work; worker runs background work without a listener', () => {
    expect(parseWorkerMode('web')).toBe('web')
    expect(parseWorkerMode('Worker')).toBe('worker')
    expect([servesRequests('web'), runsBackgroundWork('web')]).toEqual([true, false])
    expect([servesRequests('worker'), runsBackgroundWork('worker')]).toEqual([false, true])
  })

  test.each([['both'], ['webs'], ['1']])('refuses %j, naming WORKER_MODE', (value) => {
    expect(() => parseWorkerMode(value)).toThrow(/WORKER_MODE/)
    expect(workerModeProblem(value)).toMatch(/^WORKER_MODE: /)
  })
})

describe('storage shared by several servers', () => {
  const postgres = 'postgres://isoko@db.internal/isoko'

  test('refuses several servers on one database without STORAGE_URL', () => {
    expect(multiServerStorageProblem({ DATABASE_URL: postgres, SERVERS: '2' })).toMatch(/STORAGE_URL is required/)
  })

  test('allows one server with its own disk, several with STORAGE_URL, and the embedded database', () => {
    expect(multiServerStorageProblem({ DATABASE_URL: postgres })).toBeNull()
    expect(multiServerStorageProblem({ DATABASE_URL: postgres, SERVERS: '1' })).toBeNull()
    expect(
      multiServerStorageProblem({ DATABASE_URL: postgres, SERVERS: '3', STORAGE_URL: 's3://isoko-photos' }),
    ).toBeNull()
  })

  test('refuses several servers on the embedded database, which belongs to one process', () => {
    expect(multiServerStorageProblem({ SERVERS: '2', STORAGE_URL: 's3://isoko-photos' })).toMatch(
      /DATABASE_URL is required/,
    )
  })

  test.each([['0'], ['two'], ['-2']])('refuses SERVERS=%j', (value) => {
    expect(multiServerStorageProblem({ DATABASE_URL: postgres, SERVERS: value })).toMatch(/^SERVERS: /)
  })
})
