import { describe, expect, test } from 'vitest'
import { checkoutSelection, createOrderInput } from '../../shared/schemas/checkout'
import { checkoutPage, eventProduct, product } from '../test-fixtures'
import { orderInputFromValues, selectedPlan, selectedQuantity, selectionFromValues, uuid, valuesFromEntries } from './checkout-form'
import { estimatePrice } from './estimate'

// The form fields -> the API body, for both paths (FormData in the browser, urlencoded without JavaScript).

const payer = [
  ['payer.email', 'pat@example.test'], ['payer.first_name', 'Pat'], ['payer.last_name', 'Payer'], ['payer.country_code', 'DE'],
  ['payer.street', 'Hauptstraße'], ['payer.street_number', '1'], ['payer.zip', '10115'], ['payer.city', 'Berlin'], ['payer.phone', '+49 30 1234567'],
] as [string, string][]

const form = (entries: [string, string][]) => valuesFromEntries(new URLSearchParams(entries).entries())

describe('the order body from the checkout form', () => {
  test('only the keys createOrderInput allows: empty optional fields and the form’s own fields are left out', () => {
    const values = form([
      ['idempotency_key', 'x'], ['sf_action', 'buy'], ['step', '2'], ['pricing_plan_id', '12'], ['payment_method', 'card'],
      ['coupon_code', ''], ['payer.company', '  '], ['payer.vat_id', ''], ['terms_accepted', 'true'], ['campaign_id', 'summer'], ...payer,
    ])
    const input = orderInputFromValues(values, { product: product(), checkout: checkoutPage() })
    expect(input).toEqual({
      product_id: 3, pricing_plan_id: 12, payment_method: 'card', terms_accepted: true, campaign_id: 'summer',
      payer: { email: 'pat@example.test', first_name: 'Pat', last_name: 'Payer', country_code: 'DE', street: 'Hauptstraße', street_number: '1', zip: '10115', city: 'Berlin', phone: '+49 30 1234567' },
    })
    expect(createOrderInput.safeParse(input).success).toBe(true)
  })

  test('a funnel offer\'s checkout link carries its reference into the body (docs/decisions/0071-funnel-gaps.md)', () => {
    const input = orderInputFromValues(form([['payment_method', 'card'], ['funnel_offer', '7.9.abc'], ...payer]), { product: product(), checkout: checkoutPage() })
    expect(input).toMatchObject({ funnel_offer: '7.9.abc' })
    expect(createOrderInput.safeParse(input).success).toBe(true)
    expect(orderInputFromValues(form([['payment_method', 'card'], ['funnel_offer', ''], ...payer]), { product: product(), checkout: checkoutPage() })).not.toHaveProperty('funnel_offer')
  })

  test('minimal buyer information sends email, names, country and the business address entered; the phone only when asked', () => {
    const input = orderInputFromValues(form([['payment_method', 'paypal'], ...payer]), {
      product: product(), checkout: checkoutPage({ settings: { ...checkoutPage().settings, buyer_information: 'minimal', phone_field: 'hidden' }, terms_required: false }),
    })!
    expect(input.payer).toEqual({ email: 'pat@example.test', first_name: 'Pat', last_name: 'Payer', country_code: 'DE', street: 'Hauptstraße', street_number: '1', zip: '10115', city: 'Berlin' })
    const bare = orderInputFromValues(form([['payment_method', 'paypal'], ...payer.slice(0, 4)]), {
      product: product(), checkout: checkoutPage({ settings: { ...checkoutPage().settings, buyer_information: 'minimal', phone_field: 'hidden' }, terms_required: false }),
    })!
    expect(bare.payer).toEqual({ email: 'pat@example.test', first_name: 'Pat', last_name: 'Payer', country_code: 'DE' })
    expect(input).not.toHaveProperty('terms_accepted')
    expect(input.pricing_plan_id).toBe(11) // none chosen: the first plan
  })

  test('an unchecked terms box is false; a plan that is not the product’s falls back to the first', () => {
    const input = orderInputFromValues(form([['pricing_plan_id', '999'], ['payment_method', 'card'], ...payer]), { product: product(), checkout: checkoutPage() })!
    expect(input.terms_accepted).toBe(false)
    expect(input.pricing_plan_id).toBe(11)
  })

  test('an event: the ticket comes from the plan, the quantity is clamped to what is left, one attendee per ticket', () => {
    const event = eventProduct()
    const values = form([
      ['pricing_plan_id', '30'], ['quantity', '9'], ['payment_method', 'card'], ['terms_accepted', 'true'], ...payer,
      ['attendees.0.first_name', 'Ann'], ['attendees.0.last_name', 'One'], ['attendees.1.first_name', 'Bob'], ['attendees.1.last_name', 'Two'],
      ['attendees.7.first_name', 'Out'], ['attendees.7.last_name', 'Of range'],
    ])
    const input = orderInputFromValues(values, { product: event, checkout: checkoutPage() })!
    expect(input).toMatchObject({ pricing_plan_id: 30, ticket_id: 3, quantity: 5 })
    expect(input.attendees).toEqual([{ first_name: 'Ann', last_name: 'One' }, { first_name: 'Bob', last_name: 'Two' }])
    expect(createOrderInput.safeParse(input).success).toBe(true)
    // a sold-out ticket's plan cannot be chosen
    expect(selectedPlan(event, form([['pricing_plan_id', '10']]))?.id).toBe(20)
    expect(selectedQuantity(event, form([['quantity', '0']]))).toBe(1)
  })

  test('answers per question type: checkbox, open question, drop-down and checkbox list', () => {
    const checkout = checkoutPage({
      questions: [
        { id: 'newsletter', type: 'checkbox', label: 'Newsletter', required: false, select_style: null, option_group: null, options: [] },
        { id: 'goal', type: 'open_question', label: 'Your goal', required: true, select_style: null, option_group: null, options: [] },
        { id: 'size', type: 'select_box', label: 'Size', required: true, select_style: 'drop_down', option_group: 'radios', options: [{ id: 's', label: 'S' }, { id: 'm', label: 'M' }] },
        { id: 'topics', type: 'select_box', label: 'Topics', required: false, select_style: 'list', option_group: 'checkboxes', options: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }] },
        { id: 'empty', type: 'open_question', label: 'Anything else', required: false, select_style: null, option_group: null, options: [] },
      ],
    })
    const values = form([
      ['payment_method', 'card'], ...payer, ['answers.goal', ' Paint '], ['answers.size', 'm'], ['answers.topics', 'a'], ['answers.topics', 'b'],
      ['answers.topics', 'forged'], ['answers.empty', ''],
    ])
    expect(orderInputFromValues(values, { product: product(), checkout })!.answers).toEqual([
      { question_id: 'newsletter', value: false },
      { question_id: 'goal', value: 'Paint' },
      { question_id: 'size', value: ['m'] },
      { question_id: 'topics', value: ['a', 'b'] },
    ])
  })

  test('order bumps: only offered products, once each', () => {
    const input = orderInputFromValues(form([['addon_ids', '7'], ['addon_ids', '7'], ['addon_ids', '8'], ['payment_method', 'card'], ...payer]), { product: product(), checkout: checkoutPage() })!
    expect(input.addon_ids).toEqual([7])
  })

  test('a free product takes the free method; a protected product sends its password', () => {
    const input = orderInputFromValues(form([['payment_method', 'card'], ...payer]), { product: product({ free: true }), checkout: checkoutPage({ payment_methods: [] }), password: 'open-sesame' })!
    expect(input.payment_method).toBe('free')
    expect(input.password).toBe('open-sesame')
  })
})

describe('the quote selection', () => {
  test('what is chosen now, with the payer’s country (default DE) and only an applied coupon', () => {
    const values = form([['pricing_plan_id', '12'], ['coupon_code', 'TYPING'], ['addon_ids', '7'], ['payer.country_code', 'AT']])
    const selection = selectionFromValues(values, { product: product(), checkout: checkoutPage() }, 'SUMMER10')
    expect(selection).toEqual({ product_id: 3, pricing_plan_id: 12, coupon_code: 'SUMMER10', addon_ids: [7], country_code: 'AT' })
    expect(checkoutSelection.safeParse(selection).success).toBe(true)
    expect(selectionFromValues(form([]), { product: product(), checkout: checkoutPage() }, null)).toEqual({ product_id: 3, pricing_plan_id: 11, country_code: 'DE' })
  })

  test('the estimate before the quote: display price times quantity plus chosen bumps in the plan’s currency', () => {
    const estimate = estimatePrice(product(), checkoutPage(), form([['pricing_plan_id', '12'], ['addon_ids', '7']]))!
    expect(estimate).toMatchObject({ currency: 'eur', first: 9900 + 1900, total: 25900 + 1900, exact: false })
    const event = estimatePrice(eventProduct(), checkoutPage(), form([['pricing_plan_id', '30'], ['quantity', '2']]))!
    expect(event.first).toBe(25800 + 0)
  })
})

test('uuid: a version 4 UUID', () => {
  expect(uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
})
