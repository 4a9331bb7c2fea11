import { formatMoney, isCurrencyId } from '../../../../shared/money'

/** An order amount as shown in the cabinet (unknown currency ids fall back to eur's format). */
export function money(amount: number, currency: string): string {
  return formatMoney({ amount, currency: isCurrencyId(currency) ? currency : 'eur' })
}
