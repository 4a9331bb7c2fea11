import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { createBankAccountInput } from '../../../../shared/schemas/payouts'
import { FormError } from '../../../components/form-error'
import { SelectField } from '../../../components/select-field'
import { selectInputProps, textInputProps, useZodForm } from '../../../lib/forms'
import { bankAccountsKey, createBankAccount, type BankAccount, type BankArea } from '../api/bank-accounts'

// Adding a payout bank account: IBAN (spaces allowed), optional BIC, holder and a payout country, which
// decides the currency (docs/decisions/0049-money-out.md "Bank accounts"). The account then waits for a
// manager's check.

type Values = { iban: string; bic: string; holder: string; country_code: string | null; currency: string }
const empty: Values = { iban: '', bic: '', holder: '', country_code: null, currency: '' }

export function BankAccountForm({ area, countries, onCreated }: {
  area: BankArea
  countries: { countryCode: string; currency: string }[]
  onCreated: (account: BankAccount) => void
}) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const form = useZodForm(createBankAccountInput, empty, i18n.language, {
    toInput: (v) => ({ iban: v.iban, bic: v.bic || undefined, holder: v.holder, country_code: v.country_code ?? '', currency: v.currency }),
  })
  const create = useMutation({
    mutationFn: (input: Parameters<typeof createBankAccount>[1]) => createBankAccount(area, input),
    onSuccess: (answer) => {
      form.reset()
      void queryClient.invalidateQueries({ queryKey: bankAccountsKey })
      onCreated(answer.bankAccount)
    },
    onError: (e) => form.fail(e),
  })
  const regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([i18n.language], { type: 'region' }) : null
  const country = form.field('country_code')
  const currency = form.values.currency

  return (
    <Paper withBorder p="md" data-testid="bank-account-add">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const data = form.validate()
          if (data) create.mutate(data)
        }}
      >
        <Stack gap="sm">
          <Title order={4}>{t('moneyBank.add.title')}</Title>
          <Text size="sm" c="dimmed">{t('moneyBank.add.text')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('moneyBank.fields.iban')} required autoComplete="off" {...textInputProps(form.field('iban'))} data-testid="bank-iban" />
            <TextInput label={t('moneyBank.fields.bic')} description={t('moneyBank.fields.bicHint')} autoComplete="off" {...textInputProps(form.field('bic'))} data-testid="bank-bic" />
            <TextInput label={t('moneyBank.fields.holder')} required {...textInputProps(form.field('holder'))} data-testid="bank-holder" />
            <SelectField
              label={t('moneyBank.fields.country')}
              required
              data={countries.map((c) => ({ value: c.countryCode, label: `${regionNames?.of(c.countryCode) ?? c.countryCode} (${c.currency.toUpperCase()})` }))}
              {...selectInputProps(country)}
              onChange={(value) => {
                country.onChange(value)
                form.setValue('currency', countries.find((c) => c.countryCode === value)?.currency ?? '')
              }}
              data-testid="bank-country"
            />
          </SimpleGrid>
          {currency && <Text size="sm" data-testid="bank-currency">{t('moneyBank.fields.currencyIs', { currency: currency.toUpperCase() })}</Text>}
          {form.errors.currency && <Text size="sm" c="red">{form.errors.currency}</Text>}
          <FormError error={form.formError} />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending} data-testid="bank-submit">{t('moneyBank.add.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
