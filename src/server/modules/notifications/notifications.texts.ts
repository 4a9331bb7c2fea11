import { formatMoney, isCurrencyId } from '../../../shared/money'
import type { NotificationPayload, NotificationType } from '../../../shared/schemas/notifications'

// The title and text of a notification in the seller's mail, in en and de (other locales fall back to
// en). The web app has its own texts per type (i18n namespace `notifications`); both read the payload.

type Text = { title: string; text: string }

function money(amount: number | undefined, currency: string | undefined): string {
  if (amount === undefined || !currency) return ''
  return isCurrencyId(currency) ? formatMoney({ amount, currency }) : `${amount} ${currency}`
}

function totals(p: NotificationPayload): string {
  return (p.totals ?? []).map((t) => money(t.amount, t.currency)).join(', ')
}

const texts: Record<'en' | 'de', Record<NotificationType, (p: NotificationPayload) => Text>> = {
  en: {
    quiz_attempt: (p) => ({ title: `New quiz attempt: ${p.lesson_title ?? ''}`, text: `${p.payer_name ?? 'A payer'} answered the quiz of "${p.lesson_title ?? ''}" in ${p.product_name ?? 'your course'}${p.passed === undefined ? '' : p.passed ? ' and passed' : ' and did not pass'}.` }),
    comment: (p) => ({ title: `New comment: ${p.lesson_title ?? ''}`, text: `${p.payer_name ?? 'A payer'} commented on "${p.lesson_title ?? ''}" in ${p.product_name ?? 'your course'}.` }),
    free_transaction: (p) => ({ title: `Free order: ${p.product_name ?? ''}`, text: `${p.payer_email ?? 'A payer'} got ${p.product_name ?? 'your product'} for free (order ${p.order_id ?? ''}).` }),
    paid_transaction: (p) => ({ title: `Payment received: ${money(p.amount, p.currency)}`, text: `${p.payer_email ?? 'A payer'} paid ${money(p.amount, p.currency)} for ${p.product_name ?? 'your product'} (order ${p.order_id ?? ''}).` }),
    day_income: (p) => ({ title: `Your income on ${p.period_start ?? ''}`, text: `On ${p.period_start ?? ''} you received ${totals(p)}.` }),
    week_income: (p) => ({ title: `Your income of the week from ${p.period_start ?? ''}`, text: `From ${p.period_start ?? ''} to ${p.period_end ?? ''} you received ${totals(p)}.` }),
    month_income: (p) => ({ title: `Your income in ${(p.period_start ?? '').slice(0, 7)}`, text: `From ${p.period_start ?? ''} to ${p.period_end ?? ''} you received ${totals(p)}.` }),
    order_created: (p) => ({ title: `New order: ${p.product_name ?? ''}`, text: `${p.payer_email ?? 'A payer'} started an order of ${p.product_name ?? 'your product'} over ${money(p.amount, p.currency)} (order ${p.order_id ?? ''}).` }),
    order_canceled: (p) => ({ title: `Order canceled: ${p.product_name ?? ''}`, text: `The plan of order ${p.order_id ?? ''} (${p.product_name ?? 'your product'}, ${p.payer_email ?? 'a payer'}) was canceled: no further charges.` }),
    custom_notification: (p) => ({ title: p.title ?? 'A message from the platform', text: p.text ?? '' }),
    community_new_post_for_review: (p) => ({ title: 'A community post waits for your review', text: `A new post${p.product_name ? ` in ${p.product_name}` : ''} waits for your review.` }),
  },
  de: {
    quiz_attempt: (p) => ({ title: `Neuer Quiz-Versuch: ${p.lesson_title ?? ''}`, text: `${p.payer_name ?? 'Ein Käufer'} hat das Quiz von „${p.lesson_title ?? ''}“ in ${p.product_name ?? 'deinem Kurs'} beantwortet${p.passed === undefined ? '' : p.passed ? ' und bestanden' : ' und nicht bestanden'}.` }),
    comment: (p) => ({ title: `Neuer Kommentar: ${p.lesson_title ?? ''}`, text: `${p.payer_name ?? 'Ein Käufer'} hat „${p.lesson_title ?? ''}“ in ${p.product_name ?? 'deinem Kurs'} kommentiert.` }),
    free_transaction: (p) => ({ title: `Kostenlose Bestellung: ${p.product_name ?? ''}`, text: `${p.payer_email ?? 'Ein Käufer'} hat ${p.product_name ?? 'dein Produkt'} kostenlos erhalten (Bestellung ${p.order_id ?? ''}).` }),
    paid_transaction: (p) => ({ title: `Zahlung erhalten: ${money(p.amount, p.currency)}`, text: `${p.payer_email ?? 'Ein Käufer'} hat ${money(p.amount, p.currency)} für ${p.product_name ?? 'dein Produkt'} bezahlt (Bestellung ${p.order_id ?? ''}).` }),
    day_income: (p) => ({ title: `Deine Einnahmen am ${p.period_start ?? ''}`, text: `Am ${p.period_start ?? ''} hast du ${totals(p)} eingenommen.` }),
    week_income: (p) => ({ title: `Deine Einnahmen der Woche ab ${p.period_start ?? ''}`, text: `Vom ${p.period_start ?? ''} bis ${p.period_end ?? ''} hast du ${totals(p)} eingenommen.` }),
    month_income: (p) => ({ title: `Deine Einnahmen im ${(p.period_start ?? '').slice(0, 7)}`, text: `Vom ${p.period_start ?? ''} bis ${p.period_end ?? ''} hast du ${totals(p)} eingenommen.` }),
    order_created: (p) => ({ title: `Neue Bestellung: ${p.product_name ?? ''}`, text: `${p.payer_email ?? 'Ein Käufer'} hat eine Bestellung von ${p.product_name ?? 'deinem Produkt'} über ${money(p.amount, p.currency)} begonnen (Bestellung ${p.order_id ?? ''}).` }),
    order_canceled: (p) => ({ title: `Bestellung gekündigt: ${p.product_name ?? ''}`, text: `Der Plan der Bestellung ${p.order_id ?? ''} (${p.product_name ?? 'dein Produkt'}, ${p.payer_email ?? 'ein Käufer'}) wurde gekündigt: keine weiteren Abbuchungen.` }),
    custom_notification: (p) => ({ title: p.title ?? 'Eine Nachricht der Plattform', text: p.text ?? '' }),
    community_new_post_for_review: (p) => ({ title: 'Ein Community-Beitrag wartet auf deine Prüfung', text: `Ein neuer Beitrag${p.product_name ? ` in ${p.product_name}` : ''} wartet auf deine Prüfung.` }),
  },
}

export function notificationText(type: NotificationType, payload: NotificationPayload, locale: string): Text {
  return texts[locale === 'de' ? 'de' : 'en'][type](payload)
}
