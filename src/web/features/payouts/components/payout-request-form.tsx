import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { isCurrencyId, parseMoneyInput, toMajorUnitsString } from '../../../../shared/money'
import { payoutCurrencies } from '../../../../shared/schemas/payouts'
import { FormError } from '../../../components/form-error'
import { withHelp } from '../../../components/info-popover'
import { SelectField } from '../../../components/select-field'
import { isApiError } from '../../../lib/api-client'
import { selectInputProps, textInputProps, useZodForm } from '../../../lib/forms'
import { money } from '../../../lib/format'
import { payoutsKey, requestPayout, type PartyBalance, type PayoutArea } from '../api/payouts'

// "Request payout": an amount in major units (typed the way people type money, parsed to minor units by
// the shared money helpers), at most the available balance; the server checks it again under its lock.

const minor = (amount: string, currency: string) => (isCurrencyId(currency) ? parseMoneyInput(amount, currency) : null)

const formSchema = z.object({
  currency: z.enum(payoutCurrencies, { error: 'required' }),
  amount: z.string().min(1, { error: 'required' }),
}).superRefine((value, ctx) => {
  const amount = minor(value.amount, value.currency)
  if (amount === null || amount < 1) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'invalid_value' })
})

const majorOf = (b: PartyBalance | undefined) => (b && isCurrencyId(b.currency) ? toMajorUnitsString(Math.max(0, b.available), b.currency) : '')

export function PayoutRequestForm({ area, balances, disabled }: { area: PayoutArea; balances: readonly PartyBalance[]; disabled: boolean }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const first = balances.find((b) => b.available > 0) ?? balances[0]
  const form = useZodForm(formSchema, { currency: first?.currency ?? 'eur', amount: majorOf(first) }, i18n.language)
  const current = balances.find((b) => b.currency === form.values.currency)
  // The default amount follows the balance once it has loaded (and after each payout).
  const available = current?.available
  useEffect(() => { form.setValue('amount', majorOf(current)) }, [available]) // eslint-disable-line react-hooks/exhaustive-deps
  const request = useMutation({
    mutationFn: (input: { amount: number; currency: string }) => requestPayout(area, input as Parameters<typeof requestPayout>[1]),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('moneyPayouts.request.done') })
      void queryClient.invalidateQueries({ queryKey: payoutsKey(area) })
    },
    // The server's words say how much may go out; the field's generic "out of range" would not.
    onError: (e) => (isApiError(e) && e.type === 'insufficient_balance' ? form.setFieldError('amount', e.message) : form.fail(e)),
  })
  return (
    <Card withBorder padding="lg" radius="md" maw={520}>
      <form onSubmit={(event) => {
        event.preventDefault()
        const data = form.validate()
        const amount = data ? minor(data.amount, data.currency) : null
        if (data && amount !== null) request.mutate({ amount, currency: data.currency })
      }} noValidate>
        <Stack>
          <Title order={3} fz="lg">{t('moneyPayouts.request.title')}</Title>
          <Text size="sm" c="dimmed">
            {current ? t('moneyPayouts.request.lead', { amount: money(Math.max(0, current.available), current.currency) }) : t('moneyPayouts.request.nothing')}
          </Text>
          <Group align="flex-start" grow>
            <SelectField
              label={t('moneyPayouts.request.currency')} {...withHelp(t('moneyPayouts.request.currency'), t('help.payoutRequestCurrency'), 'help-payout-request-currency')} data={(balances.length > 0 ? balances.map((b) => b.currency) : ['eur']).map((c) => ({ value: c, label: c.toUpperCase() }))}
              searchable={false} {...selectInputProps(form.field('currency') as never)} data-testid="payout-currency"
            />
            <TextInput label={t('moneyPayouts.request.amount')} inputMode="decimal" {...textInputProps(form.field('amount'))} data-testid="payout-amount" />
          </Group>
          <FormError error={form.formError} />
          <Group justify="flex-end">
            <Button type="submit" loading={request.isPending} disabled={disabled} data-testid="payout-request">{t('moneyPayouts.request.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  )
}
