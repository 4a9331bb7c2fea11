import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { isCurrencyId, parseMoneyInput, toMajorUnitsString } from '../../../../shared/money'
import { payoutStartDays } from '../../../../shared/payouts/schedule'
import { payoutCurrencies, updatePayoutSettingsInput } from '../../../../shared/schemas/payouts'
import { FormError } from '../../../components/form-error'
import { withHelp } from '../../../components/info-popover'
import { SelectField } from '../../../components/select-field'
import { selectInputProps, textInputProps, useZodForm } from '../../../lib/forms'
import { formatDate } from '../../../lib/format'
import { payoutsKey, saveSettings, type PayoutArea, type PayoutSettings } from '../api/payouts'

// The payout schedule (docs/decisions/0049-money-out.md "Schedules"): manual, weekly on a weekday, or
// monthly on day 1, 7, 14, 21 or 28, with the least a scheduled payout moves.

type Values = { schedule: string; start_day: string; minimum_amount: string; currency: string }

const weekdays = [1, 2, 3, 4, 5, 6, 7] as const

function toInput(v: Values) {
  const minimum = v.minimum_amount.trim() === '' ? 0 : isCurrencyId(v.currency) ? parseMoneyInput(v.minimum_amount, v.currency) : null
  return { schedule: v.schedule, start_day: Number(v.start_day), minimum_amount: minimum ?? Number.NaN, currency: v.currency }
}

export function PayoutSettingsForm({ area, settings }: { area: PayoutArea; settings: PayoutSettings }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const initial: Values = {
    schedule: settings.schedule, start_day: String(settings.startDay), currency: settings.currency,
    minimum_amount: isCurrencyId(settings.currency) ? toMajorUnitsString(settings.minimumAmount, settings.currency) : String(settings.minimumAmount),
  }
  const form = useZodForm(updatePayoutSettingsInput, initial, i18n.language, { toInput })
  const save = useMutation({
    mutationFn: (input: Parameters<typeof saveSettings>[1]) => saveSettings(area, input),
    onSuccess: (next) => {
      queryClient.setQueryData([...payoutsKey(area), 'settings'], next)
      notifications.show({ color: 'green', message: t('moneyPayouts.settings.saved') })
    },
    onError: (e) => form.fail(e),
  })
  const schedule = form.values.schedule
  const days = schedule === 'weekly'
    ? weekdays.map((d) => ({ value: String(d), label: t(`moneyPayouts.settings.weekdays.${d}`) }))
    : payoutStartDays.map((d) => ({ value: String(d), label: t('moneyPayouts.settings.dayOfMonth', { day: d }) }))
  return (
    <Card withBorder padding="lg" radius="md" maw={560}>
      <form onSubmit={(event) => {
        event.preventDefault()
        const data = form.validate()
        if (data) save.mutate(data)
      }} noValidate>
        <Stack>
          <SelectField
            label={t('moneyPayouts.settings.schedule')} searchable={false} data-testid="payout-schedule"
            data={(['manual', 'weekly', 'monthly'] as const).map((s) => ({ value: s, label: t(`moneyPayouts.settings.schedules.${s}`) }))}
            {...selectInputProps(form.field('schedule') as never)}
            onChange={(value) => {
              form.setValue('schedule', value ?? 'manual')
              form.setValue('start_day', '1')
            }}
          />
          {schedule !== 'manual' && (
            <SelectField label={t('moneyPayouts.settings.startDay')} searchable={false} data={days} {...selectInputProps(form.field('start_day') as never)} data-testid="payout-start-day" />
          )}
          <Group grow align="flex-start">
            <TextInput label={t('moneyPayouts.settings.minimum')} inputMode="decimal" {...textInputProps(form.field('minimum_amount'))} data-testid="payout-minimum" />
            <SelectField
              label={t('moneyPayouts.settings.currency')} {...withHelp(t('moneyPayouts.settings.currency'), t('help.payoutCurrency'), 'help-payout-currency')} searchable={false} data={payoutCurrencies.map((c) => ({ value: c, label: c.toUpperCase() }))}
              {...selectInputProps(form.field('currency') as never)} data-testid="payout-settings-currency"
            />
          </Group>
          <Text size="sm" c="dimmed" data-testid="payout-next-day">
            {settings.nextPayoutOn ? t('moneyPayouts.settings.next', { day: formatDate(settings.nextPayoutOn, i18n.language) }) : t('moneyPayouts.settings.noNext')}
          </Text>
          <FormError error={form.formError} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="payout-settings-save">{t('common.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  )
}
