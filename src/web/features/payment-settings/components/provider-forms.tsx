import { Button, Checkbox, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { bankWireCredentialsInput, paypalCredentialsInput, stripeCredentialsInput } from '../../../../shared/schemas/payment-settings'
import { FormError } from '../../../components/form-error'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { saveProvider } from '../api/save-provider'
import type { ProviderAccount } from '../api/types'

// The credential forms of the providers a seller stores. Secrets are never shown again: a secret field
// left empty keeps the stored value (its masked form is the hint), as long as the public part it belongs
// to (publishable key, client id, NVP user) stays the same.

type FormProps = { account: ProviderAccount; onSaved: () => void; onCancel: () => void }

const info = (account: ProviderAccount, key: string): string | null => {
  const value = account.publicInfo[key]
  return typeof value === 'string' ? value : null
}

function Buttons({ pending, onCancel, testId }: { pending: boolean; onCancel: () => void; testId: string }) {
  const { t } = useTranslation()
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="submit" loading={pending} data-testid={testId}>{t('common.save')}</Button>
    </Group>
  )
}

export function StripeForm({ account, onSaved, onCancel }: FormProps) {
  const { t, i18n } = useTranslation()
  const stored = account.configured
  const initial = { publishable_key: info(account, 'publishableKey') ?? '', secret_key: '', webhook_secret: '' }
  const toInput = (v: typeof initial) => ({
    publishable_key: v.publishable_key, secret_key: v.secret_key || undefined, webhook_secret: v.webhook_secret || undefined,
  })
  const form = useZodForm(stripeCredentialsInput, initial, i18n.language, { toInput })
  const save = useMutation({ mutationFn: () => saveProvider('stripe', toInput(form.values)), onSuccess: onSaved, onError: (e) => form.fail(e) })
  const keep = (key: string) => (stored && info(account, key) ? t('paymentSettings.keepSecret', { masked: info(account, key) }) : undefined)
  return (
    <form noValidate onSubmit={(event) => {
      event.preventDefault()
      if (form.validate()) save.mutate()
    }}>
      <Stack gap="sm">
        <TextInput label={t('paymentSettings.fields.publishableKey')} placeholder="pk_live_…" required {...textInputProps(form.field('publishable_key'))} data-testid="stripe-publishable-key" />
        <PasswordInput label={t('paymentSettings.fields.secretKey')} placeholder="sk_live_… / rk_live_…" description={keep('secretKey')} required={!stored}
          autoComplete="off" {...textInputProps(form.field('secret_key'))} data-testid="stripe-secret-key" />
        <PasswordInput label={t('paymentSettings.fields.webhookSecret')} placeholder="whsec_…" description={keep('webhookSecret') ?? t('paymentSettings.fields.optional')}
          autoComplete="off" {...textInputProps(form.field('webhook_secret'))} />
        <FormError error={form.formError} />
        <Buttons pending={save.isPending} onCancel={onCancel} testId="stripe-save" />
      </Stack>
    </form>
  )
}

export function PayPalForm({ account, onSaved, onCancel }: FormProps) {
  const { t, i18n } = useTranslation()
  const stored = account.configured
  const nvpStored = account.publicInfo.nvpConfigured === true
  const initial = {
    email: info(account, 'email') ?? '', client_id: '', client_secret: '', merchant_id: info(account, 'merchantId') ?? '',
    webhook_id: info(account, 'webhookId') ?? '', nvp: nvpStored, nvp_user: info(account, 'nvpUser') ?? '', nvp_password: '', nvp_signature: '',
  }
  const toInput = (v: typeof initial) => ({
    email: v.email, client_id: v.client_id, client_secret: v.client_secret || undefined,
    merchant_id: v.merchant_id || null, webhook_id: v.webhook_id || null,
    nvp: v.nvp ? { user: v.nvp_user, password: v.nvp_password || undefined, signature: v.nvp_signature || undefined } : (nvpStored ? null : undefined),
  })
  const form = useZodForm(paypalCredentialsInput, initial, i18n.language, { toInput, noTrim: ['nvp_password', 'nvp_signature'] })
  const save = useMutation({ mutationFn: () => saveProvider('paypal', toInput(form.values)), onSuccess: onSaved, onError: (e) => form.fail(e) })
  const keep = (key: string) => (stored && info(account, key) ? t('paymentSettings.keepSecret', { masked: info(account, key) }) : undefined)
  const v = form.values
  return (
    <form noValidate onSubmit={(event) => {
      event.preventDefault()
      if (form.validate()) save.mutate()
    }}>
      <Stack gap="sm">
        <TextInput type="email" label={t('paymentSettings.fields.email')} required {...textInputProps(form.field('email'))} data-testid="paypal-email" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('paymentSettings.fields.clientId')} required description={stored ? t('paymentSettings.storedAs', { masked: info(account, 'clientId') }) : undefined}
            {...textInputProps(form.field('client_id'))} data-testid="paypal-client-id" />
          <PasswordInput label={t('paymentSettings.fields.clientSecret')} required={!stored} description={keep('clientSecret')} autoComplete="off"
            {...textInputProps(form.field('client_secret'))} data-testid="paypal-client-secret" />
          <TextInput label={t('paymentSettings.fields.merchantId')} description={t('paymentSettings.fields.optional')} {...textInputProps(form.field('merchant_id'))} />
          <TextInput label={t('paymentSettings.fields.webhookId')} description={t('paymentSettings.fields.optional')} {...textInputProps(form.field('webhook_id'))} />
        </SimpleGrid>
        {/* NVP credentials are no longer asked for (docs/decisions/0089-paypal-nvp-not-asked.md): stored ones can only be removed. */}
        {nvpStored && (
          <Checkbox label={t('paymentSettings.fields.nvpKeep', { user: info(account, 'nvpUser') ?? '' })} description={t('paymentSettings.fields.nvpHelp')}
            checked={v.nvp} onChange={(e) => form.setValue('nvp', e.currentTarget.checked)} data-testid="paypal-nvp-keep" />
        )}
        <FormError error={form.formError} />
        <Buttons pending={save.isPending} onCancel={onCancel} testId="paypal-save" />
      </Stack>
    </form>
  )
}

export function BankWireForm({ account, onSaved, onCancel }: FormProps) {
  const { t, i18n } = useTranslation()
  const initial = { account_holder: info(account, 'accountHolder') ?? '', iban: '', bic: info(account, 'bic') ?? '', bank_name: info(account, 'bankName') ?? '' }
  const toInput = (v: typeof initial) => ({ account_holder: v.account_holder, iban: v.iban, bic: v.bic || null, bank_name: v.bank_name || null })
  const form = useZodForm(bankWireCredentialsInput, initial, i18n.language, { toInput })
  const save = useMutation({ mutationFn: () => saveProvider('bank_wire', toInput(form.values)), onSuccess: onSaved, onError: (e) => form.fail(e) })
  return (
    <form noValidate onSubmit={(event) => {
      event.preventDefault()
      if (form.validate()) save.mutate()
    }}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('paymentSettings.fields.accountHolder')} required {...textInputProps(form.field('account_holder'))} data-testid="bank-holder" />
          <TextInput label={t('paymentSettings.fields.iban')} required placeholder="DE89 3704 0044 0532 0130 00"
            description={account.configured ? t('paymentSettings.storedAs', { masked: info(account, 'iban') }) : undefined}
            {...textInputProps(form.field('iban'))} data-testid="bank-iban" />
          <TextInput label={t('paymentSettings.fields.bic')} description={t('paymentSettings.fields.optional')} {...textInputProps(form.field('bic'))} />
          <TextInput label={t('paymentSettings.fields.bankName')} description={t('paymentSettings.fields.optional')} {...textInputProps(form.field('bank_name'))} />
        </SimpleGrid>
        <FormError error={form.formError} />
        <Buttons pending={save.isPending} onCancel={onCancel} testId="bank-save" />
      </Stack>
    </form>
  )
}
