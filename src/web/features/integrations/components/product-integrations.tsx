import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { integrationKindInfo, type IntegrationKind } from '../../../../shared/integrations/kinds'
import { FormError } from '../../../components/form-error'
import { withHelp } from '../../../components/info-popover'
import { integrationsKey, productSettingsQuery, remoteListsQuery, removeProductSetting, saveProductSetting, type Integration, type ProductSetting } from '../api/integrations'

// The list and campaign a product's buyers go to, per connected mail service (docs/decisions/0075-integrations.md):
// the service's lists to pick from where it offers them, else a typed id. Picked by product on the Integrations page.

function ConnectionRow({ integration, productId, setting }: { integration: Integration; productId: number; setting: ProductSetting | undefined }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const info = integrationKindInfo[integration.kind as IntegrationKind]
  const lists = useQuery({ ...remoteListsQuery(integration.id), enabled: info.lists && integration.state !== 'disconnected' })
  const [listId, setListId] = useState(setting?.buyerListId ?? '')
  const [campaignId, setCampaignId] = useState(setting?.buyerCampaignId ?? '')
  const [error, setError] = useState<unknown>(null)
  const refresh = () => void queryClient.invalidateQueries({ queryKey: integrationsKey })
  const field = (key: 'buyer_list_id' | 'buyer_campaign_id', value: string, set: (v: string) => void) => {
    const options = (lists.data?.list ?? []).filter((l) => l.setting === key).map((l) => ({ value: l.id, label: l.name }))
    const label = t(`integrations.fields.${key}`)
    const help = withHelp(label, t(key === 'buyer_list_id' ? 'help.buyerListId' : 'help.buyerCampaignId'), `help-${key}`)
    return options.length > 0
      ? <Select key={key} label={label} {...help} data={options} value={value || null} onChange={(v) => set(v ?? '')} clearable searchable data-testid={`integration-${key}`} />
      : <TextInput key={key} label={label} {...help} value={value} onChange={(e) => set(e.currentTarget.value)} data-testid={`integration-${key}`} />
  }
  const save = async () => {
    setError(null)
    try {
      await saveProductSetting(integration.id, productId, { buyer_list_id: listId || null, buyer_campaign_id: campaignId || null })
      refresh()
    } catch (caught) {
      setError(caught)
    }
  }
  return (
    <Stack gap={4} data-testid="product-integration">
      <Text fw={600} size="sm">{integration.name} ({info.label})</Text>
      <Group align="flex-end">
        {info.productSettings.includes('buyer_list_id') && field('buyer_list_id', listId, setListId)}
        {info.productSettings.includes('buyer_campaign_id') && field('buyer_campaign_id', campaignId, setCampaignId)}
        <Button size="xs" onClick={() => void save()}>{t('integrations.save')}</Button>
        {setting && <Button size="xs" variant="subtle" color="red" onClick={() => void removeProductSetting(integration.id, productId).then(refresh)}>{t('integrations.remove')}</Button>}
      </Group>
      <FormError error={error} />
    </Stack>
  )
}

export function ProductIntegrations({ productId, integrations }: { productId: number; integrations: Integration[] }) {
  const { t } = useTranslation()
  const settings = useQuery(productSettingsQuery(productId))
  const syncing = integrations.filter((i) => integrationKindInfo[i.kind as IntegrationKind].productSettings.length > 0 && i.state !== 'disconnected')
  if (syncing.length === 0) return <Text size="sm" c="dimmed">{t('integrations.noMailServices')}</Text>
  if (!settings.data) return null
  return (
    <Stack gap="sm">
      {syncing.map((i) => <ConnectionRow key={i.id} integration={i} productId={productId} setting={settings.data.list.find((s) => s.integrationId === i.id)} />)}
    </Stack>
  )
}
