import { describe, expect, test } from 'vitest'
import { localeCode } from '../../../shared/schemas/accounts'
import { notificationTypes, type NotificationPayload } from '../../../shared/schemas/notifications'
import { notificationText } from './notifications.texts'

// Every notification type's mail title and text in every locale of the spec, from a full and an empty payload:
// cheap (no database); no placeholder left, no "undefined", and the values the English text shows shown too.

const full: NotificationPayload = {
  order_id: 987654, product_name: 'PRODUCT-7731', payer_email: 'payer-q@example.test', payer_name: 'PAYER-Q', amount: 4900, currency: 'eur',
  totals: [{ currency: 'eur', amount: 12300, count: 2 }], period_start: '2026-03-01', period_end: '2026-03-31', title: 'TITLE-1', text: 'TEXT-1',
  lesson_title: 'LESSON-Z', passed: true,
}
const values = ['987654', 'PRODUCT-7731', 'LESSON-Z', '2026-03-01', '2026-03-31', 'TITLE-1', 'TEXT-1']

describe('notification mail texts in every locale', () => {
  test.each(localeCode.options)('%s', (code) => {
    for (const type of notificationTypes) {
      const en = notificationText(type, full, 'en')
      const own = notificationText(type, full, code)
      const bare = notificationText(type, {}, code)
      for (const t of [own, bare]) {
        expect(t.title.trim(), `${code} ${type}`).not.toBe('')
        expect(`${t.title} ${t.text}`, `${code} ${type}`).not.toMatch(/\bundefined\b|\bnull\b|\bNaN\b|\{\{|\}\}/)
      }
      // the mail's subject is the title and its text the body: a value may sit in either
      for (const value of values) {
        if (`${en.title} ${en.text}`.includes(value)) expect(`${own.title} ${own.text}`, `${code} ${type}: ${value}`).toContain(value)
      }
    }
  })

  test('a browser style code and an unknown one', () => {
    expect(notificationText('comment', full, 'pt-BR')).toEqual(notificationText('comment', full, 'pt_br'))
    expect(notificationText('comment', full, 'xx')).toEqual(notificationText('comment', full, 'en'))
    expect(notificationText('quiz_attempt', full, 'fr').text).toContain('(réussi)')
  })
})
