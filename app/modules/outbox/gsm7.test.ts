import { describe, expect, test } from 'vitest'
import { fitSms, fitsOneSms, gsm7Length, SMS_MAX_PARTS, SMS_MAX_SEPTETS, SMS_PART_SEPTETS, smsParts } from './gsm7.ts'

describe('GSM-7', () => {
  test('counts one septet per basic character and two per extension character (€, brackets, ~, ^, |, \\)', () => {
    expect(gsm7Length('Isoko: order ISK-1 placed, RF 12,500.')).toBe(37)
    expect(gsm7Length('é è à ù Ç Ñ ü £ ¥ @ _')).toBe(21)
    expect(gsm7Length('€[]{}~^|\\')).toBe(18)
  })

  test('refuses characters outside the alphabet: no-break space, curly quotes, ê, emoji', () => {
    for (const c of ['\u00a0', '’', 'ê', 'ç', '😀', '×']) expect(gsm7Length(`a${c}b`)).toBeNull()
  })

  test('one SMS holds 160 septets: 160 plain letters fit, 161 do not, 80 euro signs fill it', () => {
    expect(fitsOneSms('a'.repeat(SMS_MAX_SEPTETS))).toBe(true)
    expect(fitsOneSms('a'.repeat(SMS_MAX_SEPTETS + 1))).toBe(false)
    expect(fitsOneSms('€'.repeat(80))).toBe(true)
    expect(fitsOneSms('€'.repeat(81))).toBe(false)
    expect(fitsOneSms('short but curly ’')).toBe(false)
  })
})

describe('fitSms', () => {
  test('makes typography plain: no-break spaces, curly quotes, dashes, ellipsis, times; accents it cannot keep', () => {
    expect(fitSms('RF\u00a012,500 – “Kigali’s” best… 2 × shirt, fête, garçon')).toEqual({
      text: 'RF 12,500 - "Kigali\'s" best... 2 x shirt, fete, garcon',
      truncated: false,
      replaced: true,
    })
  })

  test('keeps the accents GSM-7 has (é, è, à) and replaces what has no plain spelling with ?', () => {
    expect(fitSms('Café à Kigali 😀').text).toBe('Café à Kigali ?')
    expect(fitSms('Plain text.')).toEqual({ text: 'Plain text.', truncated: false, replaced: false })
  })

  test('sends a text longer than one SMS whole, as joined parts of 153, and counts them', () => {
    const two = `Isoko: ${'word '.repeat(40)}`.trim()
    expect(fitSms(two)).toMatchObject({ text: two, truncated: false })
    expect(smsParts(two)).toBe(2)
    expect(smsParts('a'.repeat(160))).toBe(1)
    expect(smsParts('a'.repeat(161))).toBe(2)
    expect(smsParts('a'.repeat(459))).toBe(3)
  })

  test('cuts only past three parts, ending with ... so the reader sees it was cut', () => {
    const fitted = fitSms(`Isoko: ${'word '.repeat(200)}`)
    expect(fitted.truncated).toBe(true)
    expect(fitted.text.endsWith('...')).toBe(true)
    expect(gsm7Length(fitted.text)).toBeLessThanOrEqual(SMS_PART_SEPTETS * SMS_MAX_PARTS)
    expect(smsParts(fitted.text)).toBe(3)
  })

  test('never splits a two-septet character when cutting', () => {
    const fitted = fitSms(`${'a'.repeat(156)}€€€`, SMS_MAX_SEPTETS)
    expect(fitted.text).toBe(`${'a'.repeat(156)}...`)
    expect(fitsOneSms(fitSms('€'.repeat(100), SMS_MAX_SEPTETS).text)).toBe(true)
    expect(gsm7Length(fitSms('€'.repeat(100), SMS_MAX_SEPTETS).text)).toBe(159)
  })
})
