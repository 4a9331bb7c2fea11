import { describe, expect, test } from 'vitest'
import { humanizeStatus, statusTone, toneColor } from './status-colors'

describe('status colours (docs/reference/accounts-and-orders.md §4)', () => {
  test.each(['active', 'successful', 'paid', 'paying', 'published'])('%s is green', (s) => expect(statusTone(s)).toBe('green'))
  test.each(['error', 'expired', 'payment_not_completed', 'paused'])('%s is red', (s) => expect(statusTone(s)).toBe('red'))
  test.each(['pending', 'waiting', 'canceled', 'refunded'])('%s is amber', (s) => expect(statusTone(s)).toBe('amber'))
  test('other states are neutral and amber is Mantine yellow', () => {
    expect(statusTone('draft')).toBe('neutral')
    expect(toneColor.amber).toBe('yellow')
  })
  test('unknown statuses read as words', () => expect(humanizeStatus('payment_not_completed')).toBe('Payment not completed'))
})
