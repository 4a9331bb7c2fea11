import { SimpleGrid, Stack, Switch, TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { richTextOf } from '../../../../../shared/html/rich-text'
import { currencyIds } from '../../../../../shared/money'
import { updateProductInput, type UpdateProductInput } from '../../../../../shared/schemas/catalog'
import { FormError } from '../../../../components/form-error'
import { NumberField } from '../../../../components/number-field'
import { RichTextEditor } from '../../../../components/rich-text-editor'
import { SelectField } from '../../../../components/select-field'
import { textInputProps, useZodForm } from '../../../../lib/forms'
import { updateProduct } from '../../api/update-product'
import { countOf, minorToText, moneyToMinor } from '../money'
import { CoversSection } from './covers-section'
import { SaveBar } from './save-bar'
import type { StepProps } from './step-types'
import { TranslationsSection } from './translations-section'

// Step "product details": name, description, free, the display price and old price with their
// currency, the limit, the covers, and the texts in other languages (translations-section.tsx). The description is rich text; the server derives the plain
// description from it (docs/decisions/0047-product-description-html.md).

type Values = {
  name: string
  description_html: string
  free: boolean
  display_price: string
  display_old_price: string
  display_currency_id: string | null
  limit: string
}

/** What the editor opens with: the rich text, else the plain description as paragraphs. */
const descriptionOf = (product: StepProps['product']) => product.descriptionHtml ?? richTextOf(product.description ?? '')

function toInput(v: Values, initialDescription: string): UpdateProductInput {
  return {
    name: v.name,
    // Sent only when edited, so saving other fields leaves a plain description plain.
    ...(v.description_html !== initialDescription ? { description_html: v.description_html.trim() } : {}),
    free: v.free,
    display_price: moneyToMinor(v.display_price, v.display_currency_id),
    display_old_price: moneyToMinor(v.display_old_price, v.display_currency_id),
    display_currency_id: (v.display_currency_id ?? null) as UpdateProductInput['display_currency_id'],
    limit: countOf(v.limit),
  }
}

export function DetailsStep({ product, onSaved }: StepProps) {
  const { t, i18n } = useTranslation()
  const currency = product.displayCurrencyId ?? 'eur'
  const initialDescription = descriptionOf(product)
  const form = useZodForm(updateProductInput, {
    name: product.name,
    description_html: initialDescription,
    free: product.free,
    display_price: minorToText(product.displayPrice, currency),
    display_old_price: minorToText(product.displayOldPrice, currency),
    display_currency_id: currency,
    limit: product.limit === null ? '' : String(product.limit),
  } as Values, i18n.language, { toInput: (v) => toInput(v, initialDescription) })
  const save = useMutation({ mutationFn: (input: UpdateProductInput) => updateProduct(product.id, input), onSuccess: onSaved, onError: (e) => form.fail(e) })
  return (
    <Stack gap="lg">
      <form onSubmit={(event) => {
        event.preventDefault()
        if (form.validate()) save.mutate(toInput(form.values, initialDescription))
      }} noValidate>
        <Stack gap="md">
          <TextInput label={t('products.fields.name')} required {...textInputProps(form.field('name'))} data-testid="details-name" />
          <RichTextEditor
            label={t('products.fields.description')} value={form.values.description_html}
            onChange={(html) => form.setValue('description_html', html)} error={form.errors.description_html} minHeight={100}
            data-testid="details-description"
          />
          <Switch
            label={t('products.fields.free')}
            description={t('products.fields.freeHelp')}
            checked={form.values.free}
            onChange={(e) => form.setValue('free', e.currentTarget.checked)}
            data-testid="details-free"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('products.fields.displayPrice')} description={t('products.fields.displayPriceHelp')} inputMode="decimal" {...textInputProps(form.field('display_price'))} data-testid="details-display-price" />
            <TextInput label={t('products.fields.displayOldPrice')} inputMode="decimal" {...textInputProps(form.field('display_old_price'))} />
            <SelectField label={t('products.fields.currency')} data={currencyIds.map((id) => ({ value: id, label: id.toUpperCase() }))} {...form.field('display_currency_id')} />
          </SimpleGrid>
          <NumberField label={t('products.fields.limit')} description={t('products.fields.limitHelp')} min={0} allowEmptyValue {...form.field('limit')} maw={240} />
          <FormError error={form.formError} />
          <SaveBar loading={save.isPending} saved={save.isSuccess} />
        </Stack>
      </form>
      <CoversSection product={product} onSaved={onSaved} />
      <TranslationsSection product={product} onSaved={onSaved} />
    </Stack>
  )
}
