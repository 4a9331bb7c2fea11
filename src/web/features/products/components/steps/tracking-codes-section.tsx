import { Anchor, Checkbox, SegmentedControl, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { ProductTrackingInput } from '../../../../../shared/schemas/tracking'
import { FormError } from '../../../../components/form-error'
import { productTrackingQuery, saveProductTracking, trackingCodeChoicesQuery } from '../../api/product-tracking'
import type { Product } from '../../api/types'

// The market upsell step's "Tracking codes" (docs/reference/readings.md 29, docs/decisions/0074-tracking-with-consent.md):
// none, all or selected of the seller's codes, saved at once. The storefront serves them only after the payer's consent.

export function TrackingCodesSection({ product }: { product: Product }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const selection = useQuery(productTrackingQuery(product.id))
  const codes = useQuery(trackingCodeChoicesQuery())
  const save = useMutation({
    mutationFn: (input: ProductTrackingInput) => saveProductTracking(product.id, input),
    onSuccess: (answer) => queryClient.setQueryData(productTrackingQuery(product.id).queryKey, answer),
  })
  const current = save.isPending && save.variables ? { mode: save.variables.mode, trackingCodeIds: save.variables.tracking_code_ids } : selection.data?.productTracking
  const list = codes.data?.list ?? []
  const mode = current?.mode ?? 'none'
  const chosen = current?.trackingCodeIds ?? []
  const toggle = (id: number, on: boolean) => save.mutate({ mode: 'selected', tracking_code_ids: on ? [...chosen, id] : chosen.filter((c) => c !== id) })
  return (
    <Stack gap="xs" data-testid="product-tracking-codes">
      <Title order={4}>{t('tracking.wizard.title')}</Title>
      <Text size="sm" c="dimmed">{t('tracking.wizard.help')}</Text>
      {list.length === 0 && codes.isSuccess ? (
        <Text size="sm">{t('tracking.wizard.noCodes')}</Text>
      ) : (
        <>
          <SegmentedControl
            w="fit-content" disabled={selection.isPending || save.isPending} value={mode}
            data={(['none', 'all', 'selected'] as const).map((m) => ({ value: m, label: t(`tracking.wizard.modes.${m}`) }))}
            onChange={(value) => save.mutate({ mode: value as ProductTrackingInput['mode'], tracking_code_ids: value === 'selected' ? chosen : [] })}
            data-testid="product-tracking-mode"
          />
          {mode === 'selected' && list.map((code) => (
            <Checkbox
              key={code.id} label={`${code.name} (${t(`tracking.types.${code.type}`)})`} checked={chosen.includes(code.id)}
              onChange={(e) => toggle(code.id, e.currentTarget.checked)} disabled={save.isPending}
            />
          ))}
        </>
      )}
      <Anchor component={Link} to="/cabinet/tracking_codes" size="sm">{t('tracking.wizard.manage')}</Anchor>
      <FormError error={save.error} />
    </Stack>
  )
}
