import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from '../../../../components/form-error'
import { initialListState } from '../../../../components/list-state'
import { productListQuery } from '../../api/list-products'
import { replaceAddons } from '../../api/replace-addons'
import type { StepProps } from './step-types'

// Step "products" (membership, bundle): which of the seller's products it includes (add-ons of kind
// bundle). A membership or bundle without any reports "no products".

const allProducts = initialListState({ per: 500, sortKey: 'name', sortDir: 'asc', filters: { isArchived: 'false' } })

export function AddonsStep({ product, onSaved }: StepProps) {
  const { t } = useTranslation()
  const products = useQuery(productListQuery(allProducts))
  const bumps = product.addons.filter((addon) => addon.kind === 'bump')
  const [selected, setSelected] = useState<string[]>(product.addons.filter((a) => a.kind === 'bundle').map((a) => String(a.productId)))
  const save = useMutation({
    mutationFn: () => replaceAddons(product.id, [
      ...selected.map((id) => ({ product_id: Number(id), kind: 'bundle' as const })),
      ...bumps.map((addon) => ({ product_id: addon.productId, kind: addon.kind })),
    ]),
    onSuccess: onSaved,
  })
  const options = (products.data?.list ?? [])
    .filter((p) => p.id !== product.id)
    .map((p) => ({ value: String(p.id), label: `${p.name} (${t(`products.forms.${p.form}`)})` }))
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">{t(product.form === 'membership' ? 'products.addons.membershipHint' : 'products.addons.bundleHint')}</Text>
      <MultiSelect
        label={t('products.addons.label')}
        data={options}
        value={selected}
        onChange={setSelected}
        searchable
        nothingFoundMessage={t('common.nothingFound')}
        data-testid="addons-select"
      />
      <FormError error={save.error} />
      <Group justify="flex-end">
        {save.isSuccess && <Text size="sm" c="green" data-testid="step-saved">{t('products.wizard.saved')}</Text>}
        <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="step-save">{t('common.save')}</Button>
      </Group>
    </Stack>
  )
}
