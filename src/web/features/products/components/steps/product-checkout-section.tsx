import { Alert, Button, Group, List, MultiSelect, Stack, Switch, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { checkoutMethods } from '../../../../../shared/payments'
import { productCheckoutInput } from '../../../../../shared/schemas/checkout-settings'
import { translateIssue, translateMessage } from '../../../../../shared/validation/messages'
import { FormError } from '../../../../components/form-error'
import { LoadingMask } from '../../../../components/loading-mask'
import { withHelp } from '../../../../components/info-popover'
import { SelectField } from '../../../../components/select-field'
import { isApiError } from '../../../../lib/api-client'
import { checkoutSettingsOptionsQuery } from '../../api/checkout-settings-options'
import { productCheckoutKey, productCheckoutQuery, type ProductCheckout } from '../../api/product-checkout'
import { saveProductCheckout } from '../../api/save-product-checkout'
import type { Product } from '../../api/types'
import { QuestionsEditor, questionDrafts, questionsInput, type QuestionDraft } from './questions-editor'

// The checkout step's "Checkout" section: which checkout settings the product uses (else the seller's
// default), which payment methods it offers (none chosen: every method active in the payment settings),
// custom questions, whether payers agree to the terms, and the success page. The step saves these only.

/** Problems of a parse or a 422, as lines "where: what" in the reader's language. */
export function problemLines(error: unknown, locale: string): string[] {
  if (isApiError(error) && error.fields?.length) return error.fields.map((f) => `${f.path}: ${translateMessage(f.message, locale)}`)
  if (error && typeof error === 'object' && 'issues' in error && Array.isArray(error.issues)) {
    return error.issues.map((issue: { path: PropertyKey[]; message: string }) => `${issue.path.map(String).join('.')}: ${translateIssue(issue, locale)}`)
  }
  return []
}

function Form({ product, checkout, settings }: { product: Product; checkout: ProductCheckout; settings: { id: number; name: string; isDefault: boolean }[] }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [settingsId, setSettingsId] = useState<string>(checkout.checkoutSettingsId === null ? '' : String(checkout.checkoutSettingsId))
  const [methods, setMethods] = useState<string[]>(checkout.paymentMethods ?? [])
  const [questions, setQuestions] = useState<QuestionDraft[]>(() => questionDrafts(checkout.questions))
  const [termsRequired, setTermsRequired] = useState(checkout.termsRequired)
  const [url, setUrl] = useState(checkout.successPageUrl ?? '')
  const [problems, setProblems] = useState<string[]>([])
  const input = () => ({
    checkout_settings_id: settingsId === '' ? null : Number(settingsId),
    payment_methods: methods.length > 0 ? (methods as (typeof checkoutMethods)[number][]) : null,
    questions: questionsInput(questions),
    terms_required: termsRequired,
    success_page_url: url.trim() === '' ? null : url.trim(),
  })
  const save = useMutation({
    mutationFn: () => saveProductCheckout(product.id, input()),
    onMutate: () => setProblems([]),
    onSuccess: (saved) => queryClient.setQueryData(productCheckoutKey(product.id), saved),
    onError: (error) => setProblems(problemLines(error, i18n.language)),
  })
  const defaultName = settings.find((s) => s.isDefault)?.name
  return (
    <form noValidate onSubmit={(event) => {
      event.preventDefault()
      const parsed = productCheckoutInput.safeParse(input())
      if (!parsed.success) setProblems(problemLines(parsed.error, i18n.language))
      else save.mutate()
    }}>
      <Stack gap="md">
        <SelectField
          label={t('productCheckout.settings')} {...withHelp(t('productCheckout.settings'), t('help.checkoutSettingsChoice'), 'help-checkout-settings-choice')} searchable={false} value={settingsId}
          data={[{ value: '', label: defaultName ? t('productCheckout.defaultSettingsNamed', { name: defaultName }) : t('productCheckout.defaultSettings') },
            ...settings.filter((s) => !s.isDefault).map((s) => ({ value: String(s.id), label: s.name }))]}
          onChange={(value) => setSettingsId(value ?? '')} data-testid="checkout-settings-select"
        />
        <MultiSelect
          label={t('productCheckout.paymentMethods')} description={t('productCheckout.paymentMethodsHelp')} clearable
          data={checkoutMethods.map((m) => ({ value: m, label: t(`paymentMethods.${m}`) }))} value={methods} onChange={setMethods}
          placeholder={methods.length === 0 ? t('productCheckout.allMethods') : undefined} data-testid="checkout-methods"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t('productCheckout.questions.title')}</Text>
          <Text size="xs" c="dimmed">{t('productCheckout.questions.hint')}</Text>
          <QuestionsEditor value={questions} onChange={setQuestions} />
        </Stack>
        <Switch label={t('productCheckout.termsRequired')} description={t('productCheckout.termsRequiredHelp')} checked={termsRequired}
          onChange={(e) => setTermsRequired(e.currentTarget.checked)} data-testid="checkout-terms" />
        <TextInput label={t('productCheckout.successPageUrl')} description={t('productCheckout.successPageUrlHelp')} placeholder="https://"
          value={url} onChange={(e) => setUrl(e.currentTarget.value)} data-testid="checkout-success-url" />
        {problems.length > 0 && (
          <Alert color="red" variant="light" title={t('productCheckout.problems')} data-testid="checkout-problems">
            <List size="sm">{problems.map((line, i) => <List.Item key={i}>{line}</List.Item>)}</List>
          </Alert>
        )}
        {problems.length === 0 && <FormError error={save.error} />}
        <Group justify="flex-end">
          {save.isSuccess && <Text size="sm" c="green">{t('products.wizard.saved')}</Text>}
          <Button type="submit" loading={save.isPending} data-testid="checkout-save">{t('productCheckout.save')}</Button>
        </Group>
      </Stack>
    </form>
  )
}

export function ProductCheckoutSection({ product }: { product: Product }) {
  const { t } = useTranslation()
  const checkout = useQuery(productCheckoutQuery(product.id))
  const settings = useQuery(checkoutSettingsOptionsQuery())
  return (
    <Stack gap="sm" data-testid="product-checkout-section">
      <Title order={3} fz="lg">{t('productCheckout.title')}</Title>
      <LoadingMask visible={checkout.isPending || settings.isPending}>
        <FormError error={checkout.error ?? settings.error} />
        {checkout.data && settings.data && <Form product={product} checkout={checkout.data} settings={settings.data.list} />}
      </LoadingMask>
    </Stack>
  )
}
