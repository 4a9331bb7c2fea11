import { Alert, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { integrationKindInfo, integrationKinds, type IntegrationKind } from '../../../../shared/integrations/kinds'
import { useConfirm } from '../../../components/confirm-modal'
import { FormError } from '../../../components/form-error'
import { StatusBadge } from '../../../components/status-badge'
import { formatDateTime } from '../../../lib/format'
import { productOptionsQuery } from '../../../lib/product-options'
import { connectIntegration, deleteIntegration, disconnectIntegration, integrationsKey, integrationsQuery, syncEventsQuery, type Integration } from '../api/integrations'
import { ProductIntegrations } from '../components/product-integrations'

// /cabinet/integrations: the spec's services as a grid, a connect dialog per kind with its fields, each
// connection's state, last sync and recent errors, disconnect and delete; and the lists per product
// (docs/decisions/0075-integrations.md).

const tone: Record<string, string> = { connected: 'active', failing: 'error', disconnected: 'canceled' }

function ConnectDialog({ kind, onClose }: { kind: IntegrationKind; onClose: () => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const info = integrationKindInfo[kind]
  const [values, setValues] = useState<Record<string, string>>({})
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    setError(null)
    setBusy(true)
    try {
      const credentials = Object.fromEntries(info.fields.map((f) => [f.key, (values[f.key] ?? '').trim()]))
      await connectIntegration({ kind, ...(values.name ? { name: values.name } : {}), ...(info.fields.length > 0 ? { credentials } : {}) })
      await queryClient.invalidateQueries({ queryKey: integrationsKey })
      onClose()
    } catch (caught) {
      setError(caught)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal opened onClose={onClose} title={t('integrations.connectTitle', { service: info.label })}>
      <Stack gap="sm" component="form" onSubmit={(e) => { e.preventDefault(); void submit() }} data-testid="integration-connect">
        <Text size="sm" c="dimmed">{t(`integrations.help.${kind}`)}</Text>
        <TextInput label={t('integrations.name')} placeholder={info.label} value={values.name ?? ''} onChange={(e) => setValues({ ...values, name: e.currentTarget.value })} />
        {info.fields.map((f) => (
          <TextInput
            key={f.key} required label={t(`integrations.fields.${f.key}`)} type={f.secret ? 'password' : 'text'} autoComplete="off"
            value={values[f.key] ?? ''} onChange={(e) => setValues({ ...values, [f.key]: e.currentTarget.value })} data-testid={`integration-field-${f.key}`}
          />
        ))}
        <FormError error={error} />
        <Button type="submit" loading={busy} data-testid="integration-connect-submit">{t('integrations.connect')}</Button>
      </Stack>
    </Modal>
  )
}

function RecentSyncs({ id }: { id: number }) {
  const { t, i18n } = useTranslation()
  const events = useQuery(syncEventsQuery(id))
  const list = events.data?.list ?? []
  if (list.length === 0) return <Text size="xs" c="dimmed">{t('integrations.noSyncs')}</Text>
  return (
    <Table fz="xs" withTableBorder>
      <Table.Tbody>
        {list.map((e) => (
          <Table.Tr key={e.id}>
            <Table.Td>{formatDateTime(e.createdAt, i18n.language)}</Table.Td>
            <Table.Td>{t(`integrations.actions.${e.action}`)} · #{e.orderId}</Table.Td>
            <Table.Td><StatusBadge status={e.state === 'succeeded' ? 'successful' : e.state === 'awaiting_opt_in' ? 'waiting' : e.state} label={t(`integrations.syncStates.${e.state}`)} /></Table.Td>
            <Table.Td c="red">{e.error}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

function ConnectionCard({ integration }: { integration: Integration }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const { confirm, modal } = useConfirm()
  const refresh = () => void queryClient.invalidateQueries({ queryKey: integrationsKey })
  const info = integrationKindInfo[integration.kind as IntegrationKind]
  return (
    <Card withBorder data-testid="integration-card">
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="sm">
            <Text fw={600}>{integration.name}</Text>
            <Text size="sm" c="dimmed">{info.label}</Text>
            <StatusBadge status={tone[integration.state] ?? integration.state} label={t(`integrations.states.${integration.state}`)} />
          </Group>
          <Group gap={4}>
            {integration.state !== 'disconnected' && <Button size="xs" variant="light" onClick={() => void disconnectIntegration(integration.id).then(refresh)}>{t('integrations.disconnect')}</Button>}
            <Button size="xs" variant="subtle" color="red" onClick={() => confirm({ name: integration.name, title: t('integrations.deleteTitle', { name: integration.name }), text: t('integrations.deleteText'), confirmLabel: t('integrations.delete'), onConfirm: async () => { await deleteIntegration(integration.id); refresh() } })}>{t('integrations.delete')}</Button>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {Object.entries(integration.publicInfo).map(([k, v]) => `${k.replace(/_hint$/, '')}: ${k.endsWith('_hint') ? `…${v}` : v}`).join(' · ')}
        </Text>
        {info.mode === 'sync' ? (
          <>
            <Text size="xs">{t('integrations.lastSync')}: {integration.lastSyncAt ? formatDateTime(integration.lastSyncAt, i18n.language) : t('integrations.never')}</Text>
            {integration.lastError && <Alert color="red" variant="light" data-testid="integration-error">{integration.lastError}</Alert>}
            <RecentSyncs id={integration.id} />
          </>
        ) : <Text size="xs" c="dimmed">{t(`integrations.stored.${integration.kind}`, { defaultValue: t('integrations.storedOnly') })}</Text>}
      </Stack>
      {modal}
    </Card>
  )
}

export function IntegrationsPage() {
  const { t } = useTranslation()
  const integrations = useQuery(integrationsQuery())
  const [connecting, setConnecting] = useState<IntegrationKind | null>(null)
  const [productId, setProductId] = useState<number | null>(null)
  const products = useQuery(productOptionsQuery())
  const list = integrations.data?.list ?? []
  return (
    <Stack gap="lg" data-testid="integrations-page">
      <Stack gap={2}>
        <Title order={2}>{t('integrations.title')}</Title>
        <Text c="dimmed" size="sm">{t('integrations.lead')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
        {integrationKinds.map((kind) => (
          <Card key={kind} withBorder padding="sm" data-testid={`integration-kind-${kind}`}>
            <Stack gap={4}>
              <Text fw={700}>{integrationKindInfo[kind].label}</Text>
              <Text size="xs" c="dimmed">{t(`integrations.categories.${integrationKindInfo[kind].category}`)}</Text>
              <Button size="xs" variant="light" onClick={() => setConnecting(kind)}>{t('integrations.connect')}</Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Stack gap="sm">
        <Title order={4}>{t('integrations.connections')}</Title>
        {integrations.data && list.length === 0 && <Text size="sm" c="dimmed">{t('integrations.empty')}</Text>}
        {list.map((i) => <ConnectionCard key={i.id} integration={i} />)}
      </Stack>
      <Stack gap="sm">
        <Title order={4}>{t('integrations.perProduct')}</Title>
        <Text size="sm" c="dimmed">{t('integrations.perProductLead')}</Text>
        <Select
          w={360} label={t('integrations.product')} placeholder={t('integrations.pickProduct')} searchable clearable data={products.data ?? []}
          value={productId === null ? null : String(productId)} onChange={(v) => setProductId(v ? Number(v) : null)} data-testid="integration-product"
        />
        {productId !== null && <ProductIntegrations key={productId} productId={productId} integrations={list} />}
      </Stack>
      {connecting && <ConnectDialog kind={connecting} onClose={() => setConnecting(null)} />}
    </Stack>
  )
}
