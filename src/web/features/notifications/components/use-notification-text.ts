import { useTranslation } from 'react-i18next'
import { formatMoney, isCurrencyId } from '../../../../shared/money'
import { formatDate, formatMonth } from '../../../lib/format'
import type { SellerNotification } from '../api/notifications'

// A notification's title and text in the reader's language, made from its payload (the mail has the
// same texts on the server).

type Payload = {
  orderId?: number; productName?: string; payerEmail?: string; payerName?: string; amount?: number; currency?: string
  totals?: { currency: string; amount: number }[]; periodStart?: string; periodEnd?: string; title?: string; text?: string
  lessonTitle?: string; passed?: boolean
}

function money(amount: number | undefined, currency: string | undefined): string {
  if (amount === undefined || !currency) return ''
  return isCurrencyId(currency) ? formatMoney({ amount, currency }) : `${amount} ${currency}`
}

export function useNotificationText() {
  const { t, i18n } = useTranslation()
  return (n: SellerNotification): { title: string; text: string } => {
    const p = n.payload as Payload
    const values = {
      payer: p.payerName ?? p.payerEmail ?? t('notifications.fallbacks.payer'),
      product: p.productName ?? t('notifications.fallbacks.product'),
      lesson: p.lessonTitle ?? '', orderId: p.orderId ?? '', amount: money(p.amount, p.currency),
      totals: (p.totals ?? []).map((x) => money(x.amount, x.currency)).join(', '),
      start: p.periodStart ? formatDate(p.periodStart, i18n.language) : '', end: p.periodEnd ? formatDate(p.periodEnd, i18n.language) : '',
      month: p.periodStart ? formatMonth(p.periodStart, i18n.language) : '', title: p.title ?? '', text: p.text ?? '',
    }
    const result = p.passed === undefined ? '' : ` ${p.passed ? t('notifications.quiz.passed') : t('notifications.quiz.failed')}`
    return { title: t(`notifications.texts.${n.type}.title`, values), text: t(`notifications.texts.${n.type}.text`, values) + result }
  }
}
