import express from 'express'
import { describe, expect, test } from 'vitest'
import { parseTrustProxy, trustProxyProblem } from './trust-proxy.server.ts'

/** Express's compiled check for the setting: whether the hop at `index` from `address` is believed. */
function trusts(value: string | undefined) {
  const app = express()
  app.set('trust proxy', parseTrustProxy(value))
  const fn = app.get('trust proxy fn') as (address: string, index: number) => boolean
  return (address: string, index = 0) => fn(address, index)
}

describe('TRUST_PROXY', () => {
  test('unset or empty keeps believing only a proxy on the same machine (loopback)', () => {
    expect(parseTrustProxy(undefined)).toBe('loopback')
    expect(parseTrustProxy('  ')).toBe('loopback')
    const fn = trusts(undefined)
    expect(fn('127.0.0.1')).toBe(true)
    expect(fn('::1')).toBe(true)
    expect(fn('10.0.0.5')).toBe(false)
  })

  test('a number is how many proxies to believe, counted from the server', () => {
    expect(parseTrustProxy('1')).toBe(1)
    const fn = trusts('2')
    expect(fn('203.0.113.9', 0)).toBe(true)
    expect(fn('203.0.113.9', 1)).toBe(true)
    expect(fn('203.0.113.9', 2)).toBe(false)
  })

  test('true believes any proxy, false none', () => {
    expect(parseTrustProxy('true')).toBe(true)
    expect(parseTrustProxy('FALSE')).toBe(false)
    expect(trusts('true')('203.0.113.9', 5)).toBe(true)
    expect(trusts('false')('127.0.0.1')).toBe(false)
  })

  test('a list of addresses, CIDR ranges and named ranges believes exactly those', () => {
    expect(parseTrustProxy('loopback, 10.0.0.0/8,2001:db8::1')).toEqual(['loopback', '10.0.0.0/8', '2001:db8::1'])
    const fn = trusts('10.0.0.0/8, 192.0.2.7, uniquelocal')
    expect(fn('10.20.30.40')).toBe(true)
    expect(fn('192.0.2.7')).toBe(true)
    expect(fn('172.16.0.1')).toBe(true)
    expect(fn('192.0.2.8')).toBe(false)
    expect(fn('127.0.0.1')).toBe(false)
  })

  test.each([
    ['yes'],
    ['-1'],
    ['1.5'],
    ['10.0.0.0/33'],
    ['fe80::/129'],
    ['10.0.0.256'],
    ['10.0.0.0/8,,loopback'],
    ['proxy.example.com'],
    ['1000'],
  ])('refuses %j with a message naming TRUST_PROXY', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY/)
    expect(trustProxyProblem(value)).toMatch(/^TRUST_PROXY: /)
  })

  test('a readable value is no problem', () => {
    expect(trustProxyProblem('loopback,10.0.0.0/8')).toBeNull()
    expect(trustProxyProblem(undefined)).toBeNull()
  })
})
