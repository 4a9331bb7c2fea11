import { MultiSelect, PasswordInput, SimpleGrid, Stack, Switch, TagsInput, TextInput } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { updateProductInput, type UpdateProductInput } from '../../../../../shared/schemas/catalog'
import { FormError } from '../../../../components/form-error'
import { NumberField } from '../../../../components/number-field'
import { textInputProps, useZodForm } from '../../../../lib/forms'
import { categoriesQuery, flattenCategories } from '../../api/list-categories'
import { updateProduct } from '../../api/update-product'
import { countOf } from '../money'
import { SaveBar } from './save-bar'
import type { StepProps } from './step-types'

// Step "advanced" (docs/reference/readings.md 29): slug, internal name, cost centre, product groups, categories, access
// password, limit and whether the product is hidden in the shop.

type Values = {
  slug: string
  internal_name: string
  cost_center: string
  product_groups: string[]
  category_ids: string[]
  access_password: string
  limit: string
  hidden_in_shop: boolean
}

function toInput(v: Values): UpdateProductInput {
  return {
    slug: v.slug,
    internal_name: v.internal_name.trim() || null,
    cost_center: v.cost_center.trim() || null,
    product_groups: v.product_groups,
    category_ids: v.category_ids.map(Number),
    access_password: v.access_password.trim() || null,
    limit: countOf(v.limit),
    hidden_in_shop: v.hidden_in_shop,
  }
}

export function AdvancedStep({ product, onSaved }: StepProps) {
  const { t, i18n } = useTranslation()
  const categories = useQuery(categoriesQuery())
  const form = useZodForm(updateProductInput, {
    slug: product.slug,
    internal_name: product.internalName ?? '',
    cost_center: product.costCenter ?? '',
    product_groups: product.productGroups,
    category_ids: product.categoryIds.map(String),
    access_password: product.accessPassword ?? '',
    limit: product.limit === null ? '' : String(product.limit),
    hidden_in_shop: product.hiddenInShop,
  } as Values, i18n.language, { toInput, noTrim: ['access_password'] })
  const save = useMutation({ mutationFn: (input: UpdateProductInput) => updateProduct(product.id, input), onSuccess: onSaved, onError: (e) => form.fail(e) })
  return (
    <form onSubmit={(event) => {
      event.preventDefault()
      if (form.validate()) save.mutate(toInput(form.values))
    }} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('products.fields.slug')} description={t('products.fields.slugHelp', { username: product.sellerUsername })} {...textInputProps(form.field('slug'))} data-testid="advanced-slug" />
          <TextInput label={t('products.fields.internalName')} {...textInputProps(form.field('internal_name'))} data-testid="advanced-internal-name" />
          <TextInput label={t('products.fields.costCenter')} {...textInputProps(form.field('cost_center'))} />
          <NumberField label={t('products.fields.limit')} min={0} allowEmptyValue {...form.field('limit')} />
        </SimpleGrid>
        <TagsInput
          label={t('products.fields.productGroups')}
          description={t('products.fields.productGroupsHelp')}
          value={form.values.product_groups}
          onChange={(value) => form.setValue('product_groups', value)}
          error={form.errors.product_groups}
        />
        <MultiSelect
          label={t('products.fields.categories')}
          data={flattenCategories(categories.data?.list ?? [])}
          value={form.values.category_ids}
          onChange={(value) => form.setValue('category_ids', value)}
          error={form.errors.category_ids}
          searchable
          nothingFoundMessage={t('products.fields.noCategories')}
        />
        <PasswordInput
          label={t('products.fields.accessPassword')}
          description={t('products.fields.accessPasswordHelp')}
          {...textInputProps(form.field('access_password'))}
          visibilityToggleButtonProps={{ 'aria-label': t('fields.toggleVisibility') }}
          maw={360}
        />
        <Switch
          label={t('products.fields.hiddenInShop')}
          description={t('products.fields.hiddenInShopHelp')}
          checked={form.values.hidden_in_shop}
          onChange={(e) => form.setValue('hidden_in_shop', e.currentTarget.checked)}
        />
        <FormError error={form.formError} />
        <SaveBar loading={save.isPending} saved={save.isSuccess} />
      </Stack>
    </form>
  )
}
