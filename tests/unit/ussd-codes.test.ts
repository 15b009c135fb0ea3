import { describe, expect, test } from 'vitest'
import { createI18n } from '#app/lib/i18n.server.ts'

// The waiting page's "No prompt?" line names each provider's own USSD menu (sources in the payments domain notes).
describe('USSD menus on the payment waiting page', () => {
  const i18n = createI18n('en')

  test("Airtel Money's line names Airtel's menu *500#, not MTN MoMo's *182# (issue 12)", () => {
    const airtel = i18n._('pay.waiting.help.airtel')
    expect(airtel).toContain('*500#')
    expect(airtel).not.toContain('*182')
  })

  test("MTN MoMo's line names MoMo's approvals code", () => {
    expect(i18n._('pay.waiting.help.momo')).toContain('*182*7*1#')
  })
})
