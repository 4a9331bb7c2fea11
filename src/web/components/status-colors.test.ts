import { describe, expect, test } from 'vitest'
import { humanizeStatus, statusTone, toneColor } from './status-colors'

describe('status colours (docs/reference/accounts-and-orders.md §4)', () => {
  test.each(['active', 'successful', 'paid', 'paying', 'published'])('%s is green', (s) => expect(statusTone(s)).toBe('green'))
  test.each(['error', 'expired', 'payment_not_completed', 'paused'])('%s is red', (s) => expect(statusTone(s)).toBe('red'))
  test.each(['pending', 'waiting', 'canceled', 'refunded'])('%s is amber', (s) => expect(statusTone(s)).toBe('amber'))
  test.each([['payment_waiting', 'amber'], ['payment_pending', 'amber'], ['payment_paused', 'red'], ['payment_canceled', 'amber'], ['payment_refunded', 'amber'], ['payment_chargebacked', 'neutral'], ['publish_pending', 'amber'], ['publish_paused', 'red'], ['publish_canceled', 'amber']])(
    '%s has the colour of the state without its family prefix (%s; docs/reference/readings.md 6)', (s, tone) => expect(statusTone(s)).toBe(tone),
  )
  test('other states are neutral and amber is Mantine yellow', () => {
    expect(statusTone('draft')).toBe('neutral')
    expect(toneColor.amber).toBe('yellow')
  })
  test('unknown statuses read as words', () => expect(humanizeStatus('payment_not_completed')).toBe('Payment not completed'))
})
