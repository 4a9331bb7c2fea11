import { describe, expect, test } from 'vitest'
import { orderListQuery, relativeRange } from './order-lists'

describe('relative periods (docs/reference/accounts-and-orders.md §7 "last, current, previous")', () => {
  const now = new Date('2025-03-12T15:30:00Z') // a Wednesday

  test('last n units run from n units ago, open towards now', () => {
    expect(relativeRange('last', 'day', 7, now)).toEqual({ from: new Date('2025-03-05T15:30:00Z'), till: null })
    expect(relativeRange('last', 'month', 1, now).from.toISOString()).toBe('2025-02-12T15:30:00.000Z')
  })

  test('current unit starts at the start of the day, the Monday, the 1st, the 1st of January (UTC)', () => {
    expect(relativeRange('current', 'day', 1, now).from.toISOString()).toBe('2025-03-12T00:00:00.000Z')
    expect(relativeRange('current', 'week', 1, now).from.toISOString()).toBe('2025-03-10T00:00:00.000Z')
    expect(relativeRange('current', 'month', 1, now).from.toISOString()).toBe('2025-03-01T00:00:00.000Z')
    expect(relativeRange('current', 'year', 1, now).from.toISOString()).toBe('2025-01-01T00:00:00.000Z')
  })

  test('previous unit is the whole unit before the current one', () => {
    expect(relativeRange('previous', 'week', 1, now)).toEqual({ from: new Date('2025-03-03T00:00:00Z'), till: new Date('2025-03-10T00:00:00Z') })
    expect(relativeRange('previous', 'month', 1, new Date('2025-01-15T00:00:00Z')))
      .toEqual({ from: new Date('2024-12-01T00:00:00Z'), till: new Date('2025-01-01T00:00:00Z') })
    // a Sunday belongs to the week that began the Monday before
    expect(relativeRange('current', 'week', 1, new Date('2025-03-16T23:00:00Z')).from.toISOString()).toBe('2025-03-10T00:00:00.000Z')
  })
})

describe('the orders list query', () => {
  test('lists take one value, repeated values or comma-separated values', () => {
    expect(orderListQuery.parse({ payment_state: 'paid' }).payment_state).toEqual(['paid'])
    expect(orderListQuery.parse({ payment_state: ['paid', 'paying'] }).payment_state).toEqual(['paid', 'paying'])
    expect(orderListQuery.parse({ product_id: '3,4' }).product_id).toEqual([3, 4])
    expect(orderListQuery.parse({}).product_id).toBeUndefined()
    expect(orderListQuery.safeParse({ payment_form: 'weekly' }).success).toBe(false)
    expect(orderListQuery.safeParse({ funnel_id: 'x' }).success).toBe(false)
  })
})
