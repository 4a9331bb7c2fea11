import { Anchor, Checkbox, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { FormError } from '../../../../components/form-error'
import { productWebhooksQuery, saveProductWebhooks } from '../../api/product-webhooks'
import type { Product } from '../../api/types'

// The market upsell step's "Webhooks" (docs/reference/readings.md 29, docs/decisions/0072-signed-webhooks.md): which of
// the seller's endpoints hear this product's events, saved at once. An endpoint that hears every product is shown
// checked and is changed on the Webhooks page.

export function WebhookEndpointsSection({ product }: { product: Product }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const endpoints = useQuery(productWebhooksQuery(product.id))
  const save = useMutation({
    mutationFn: (endpointIds: number[]) => saveProductWebhooks(product.id, { endpoint_ids: endpointIds }),
    onSuccess: (answer) => queryClient.setQueryData(productWebhooksQuery(product.id).queryKey, answer),
  })
  const list = endpoints.data?.list ?? []
  const chosen = list.filter((e) => e.productScope !== 'all' && e.sends).map((e) => e.id)
  const toggle = (id: number, on: boolean) => save.mutate(on ? [...chosen, id] : chosen.filter((c) => c !== id))
  return (
    <Stack gap="xs" data-testid="product-webhook-endpoints">
      <Title order={4}>{t('webhooks.wizard.title')}</Title>
      <Text size="sm" c="dimmed">{t('webhooks.wizard.help')}</Text>
      {list.length === 0 && endpoints.isSuccess && <Text size="sm">{t('webhooks.wizard.noEndpoints')}</Text>}
      {list.map((endpoint) => (
        <Checkbox
          key={endpoint.id}
          label={endpoint.description ? `${endpoint.description} (${endpoint.url})` : endpoint.url}
          description={endpoint.productScope === 'all' ? t('webhooks.wizard.everyProduct') : endpoint.state !== 'active' ? t(`webhooks.states.${endpoint.state}`) : undefined}
          checked={endpoint.sends}
          disabled={endpoint.productScope === 'all' || save.isPending}
          onChange={(e) => toggle(endpoint.id, e.currentTarget.checked)}
        />
      ))}
      <Anchor component={Link} to="/cabinet/webhooks" size="sm">{t('webhooks.wizard.manage')}</Anchor>
      <FormError error={save.error} />
    </Stack>
  )
}
