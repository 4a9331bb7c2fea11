import { ActionIcon, Alert, Button, Card, Code, CopyButton, Group, Input, Modal, MultiSelect, SegmentedControl, Stack, Switch, Table, Text, TextInput, Title, Tooltip } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconCheck, IconCopy, IconKey, IconList, IconPencil, IconPlus, IconRefresh, IconSend, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { platformEventTypes } from '../../../../shared/webhooks/events'
import { webhookProductScopes, type WebhookProductScope } from '../../../../shared/webhooks/product-scope'
import { useConfirm } from '../../../components/confirm-modal'
import { FormError } from '../../../components/form-error'
import { StatusBadge } from '../../../components/status-badge'
import { formatDateTime } from '../../../lib/format'
import { productOptionsQuery } from '../../../lib/product-options'
import {
  createEndpoint, deleteEndpoint, deliveriesQuery, endpointsQuery, replayDelivery, rollSecret, sendTest, updateEndpoint, webhooksKey, type WebhookEndpoint,
} from '../api/webhooks'

// /cabinet/webhooks: the seller's signed webhook endpoints (create with the secret shown once, edit, switch on
// and off, roll the secret, test send) and each endpoint's delivery log with replay; docs/decisions/0072-signed-webhooks.md.

const tone: Record<string, string> = { active: 'active', inactive: 'canceled', paused: 'error', pending: 'pending', succeeded: 'successful', failed: 'error', given_up: 'canceled' }

function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t('webhooks.secretTitle')} size="lg">
      <Stack gap="sm">
        <Text size="sm">{t('webhooks.secretOnce')}</Text>
        <Group wrap="nowrap">
          <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="webhook-secret">{secret}</Code>
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>{copied ? t('webhooks.copied') : t('webhooks.copy')}</Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end"><Button onClick={onClose}>{t('webhooks.done')}</Button></Group>
      </Stack>
    </Modal>
  )
}

function EndpointForm({ endpoint, onSaved, onCancel }: { endpoint?: WebhookEndpoint; onSaved: (secret?: string) => void; onCancel?: () => void }) {
  const { t } = useTranslation()
  const [url, setUrl] = useState(endpoint?.url ?? '')
  const [events, setEvents] = useState<string[]>(endpoint?.events ?? ['order.paid'])
  const [scope, setScope] = useState<WebhookProductScope>(endpoint?.productScope ?? 'all')
  const [products, setProducts] = useState<string[]>((endpoint?.productIds ?? []).map(String))
  const productChoices = useQuery(productOptionsQuery())
  const [description, setDescription] = useState(endpoint?.description ?? '')
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    setError(null)
    setBusy(true)
    const input = {
      url: url.trim(), events: events as (typeof platformEventTypes)[number][], product_scope: scope,
      product_ids: scope === 'selected' ? products.map(Number) : [], description: description.trim(),
    }
    try {
      if (endpoint) {
        await updateEndpoint(endpoint.id, input)
        onSaved()
      } else {
        const made = await createEndpoint(input)
        setUrl('')
        onSaved(made.webhookEndpoint.secret)
      }
    } catch (caught) {
      setError(caught)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Stack gap="xs" component="form" onSubmit={(event) => { event.preventDefault(); void submit() }} data-testid="webhook-form">
      <TextInput required label={t('webhooks.url')} description={t('webhooks.urlHint')} placeholder="https://example.com/hooks/sellfront" value={url} onChange={(e) => setUrl(e.currentTarget.value)} data-testid="webhook-url" />
      <MultiSelect required label={t('webhooks.events')} data={platformEventTypes.map((e) => ({ value: e, label: e }))} value={events} onChange={setEvents} searchable data-testid="webhook-events" />
      <Input.Wrapper label={t('webhooks.products')} description={t(`webhooks.scopeHints.${scope}`)}>
        <SegmentedControl
          display="flex" w="fit-content" mt={4} value={scope} onChange={(value) => setScope(value as WebhookProductScope)} data-testid="webhook-scope"
          data={webhookProductScopes.map((s) => ({ value: s, label: t(`webhooks.scopes.${s}`) }))}
        />
      </Input.Wrapper>
      {scope === 'selected' && (
        <MultiSelect
          label={t('webhooks.selectedProducts')} searchable data={productChoices.data ?? []} value={products} onChange={setProducts}
          nothingFoundMessage={t('webhooks.noProducts')} data-testid="webhook-products"
        />
      )}
      <TextInput label={t('webhooks.description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
      <FormError error={error} />
      <Group justify="flex-end">
        {onCancel && <Button variant="default" onClick={onCancel}>{t('webhooks.cancel')}</Button>}
        <Button type="submit" loading={busy} leftSection={endpoint ? undefined : <IconPlus size={16} />} data-testid="webhook-save">{endpoint ? t('webhooks.save') : t('webhooks.add')}</Button>
      </Group>
    </Stack>
  )
}

function Deliveries({ endpointId }: { endpointId: number }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const list = useQuery(deliveriesQuery(endpointId))
  const replay = useMutation({
    mutationFn: (deliveryId: number) => replayDelivery(endpointId, deliveryId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...webhooksKey, endpointId, 'deliveries'] }),
  })
  const rows = list.data?.list ?? []
  return (
    <Stack gap="xs" data-testid="webhook-deliveries">
      <Group justify="space-between">
        <Title order={5}>{t('webhooks.deliveries')}</Title>
        <ActionIcon variant="subtle" aria-label={t('webhooks.refresh')} onClick={() => void list.refetch()}><IconRefresh size={16} /></ActionIcon>
      </Group>
      {rows.length === 0 ? <Text size="sm" c="dimmed">{t('webhooks.noDeliveries')}</Text> : (
        <Table withTableBorder fz="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('webhooks.columns.event')}</Table.Th><Table.Th>{t('webhooks.columns.message')}</Table.Th><Table.Th>{t('webhooks.columns.state')}</Table.Th>
              <Table.Th>{t('webhooks.columns.attempts')}</Table.Th><Table.Th>{t('webhooks.columns.answer')}</Table.Th><Table.Th>{t('webhooks.columns.duration')}</Table.Th>
              <Table.Th>{t('webhooks.columns.createdAt')}</Table.Th><Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{d.eventType}</Table.Td>
                <Table.Td><Code>{d.messageId}</Code></Table.Td>
                <Table.Td><StatusBadge status={tone[d.state] ?? d.state} label={t(`webhooks.deliveryStates.${d.state}`)} /></Table.Td>
                <Table.Td>{d.attempts}</Table.Td>
                <Table.Td>
                  <Tooltip label={d.lastAnswer ?? d.lastError ?? ''} disabled={!d.lastAnswer && !d.lastError} multiline w={320}>
                    <Text size="sm">{d.lastStatus ?? '–'}{d.lastError ? ` · ${d.lastError}` : ''}</Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td>{d.lastDurationMs !== null ? `${d.lastDurationMs} ms` : '–'}</Table.Td>
                <Table.Td>{formatDateTime(d.createdAt, i18n.language)}</Table.Td>
                <Table.Td><Button size="xs" variant="light" onClick={() => replay.mutate(d.id)} loading={replay.isPending && replay.variables === d.id}>{t('webhooks.replay')}</Button></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  )
}

function EndpointCard({ endpoint, onChanged, onSecret }: { endpoint: WebhookEndpoint; onChanged: () => void; onSecret: (secret: string) => void }) {
  const { t } = useTranslation()
  const { confirm, modal } = useConfirm()
  const [editing, setEditing] = useState(false)
  const [showLog, setShowLog] = useState(false)
  const [note, setNote] = useState<string | null>(null)
  const toggle = useMutation({ mutationFn: (on: boolean) => updateEndpoint(endpoint.id, { state: on ? 'active' : 'inactive' }), onSuccess: onChanged })
  const test = useMutation({ mutationFn: () => sendTest(endpoint.id), onSuccess: () => setNote(t('webhooks.testQueued')) })
  const roll = () => confirm({
    name: endpoint.url, title: t('webhooks.rollTitle'), text: t('webhooks.rollText'), confirmLabel: t('webhooks.roll'),
    onConfirm: async () => { onSecret((await rollSecret(endpoint.id)).webhookEndpoint.secret) },
  })
  const remove = () => confirm({
    name: endpoint.url, title: t('webhooks.removeTitle'), text: t('webhooks.removeText'), confirmLabel: t('webhooks.remove'),
    onConfirm: async () => { await deleteEndpoint(endpoint.id); onChanged() },
  })
  return (
    <Card withBorder data-testid="webhook-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="sm">
              <Text fw={600} style={{ wordBreak: 'break-all' }}>{endpoint.url}</Text>
              <StatusBadge status={tone[endpoint.state] ?? endpoint.state} label={t(`webhooks.states.${endpoint.state}`)} />
            </Group>
            <Text size="xs" c="dimmed">
              {endpoint.events.join(', ')} · {endpoint.productScope === 'all' ? t('webhooks.allProducts') : endpoint.productScope === 'none' ? t('webhooks.noProductEvents') : t('webhooks.someProducts', { count: endpoint.productIds.length })}
              {endpoint.failureStreak > 0 ? ` · ${t('webhooks.failing', { count: endpoint.failureStreak })}` : ''}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Switch checked={endpoint.state === 'active'} onChange={(e) => toggle.mutate(e.currentTarget.checked)} aria-label={t('webhooks.activeSwitch')} />
            <Tooltip label={t('webhooks.edit')}><ActionIcon variant="subtle" aria-label={t('webhooks.edit')} onClick={() => setEditing(!editing)}><IconPencil size={16} /></ActionIcon></Tooltip>
            <Tooltip label={t('webhooks.test')}><ActionIcon variant="subtle" aria-label={t('webhooks.test')} loading={test.isPending} onClick={() => test.mutate()}><IconSend size={16} /></ActionIcon></Tooltip>
            <Tooltip label={t('webhooks.roll')}><ActionIcon variant="subtle" aria-label={t('webhooks.roll')} onClick={roll}><IconKey size={16} /></ActionIcon></Tooltip>
            <Tooltip label={t('webhooks.deliveries')}><ActionIcon variant="subtle" aria-label={t('webhooks.deliveries')} onClick={() => setShowLog(!showLog)}><IconList size={16} /></ActionIcon></Tooltip>
            <ActionIcon variant="subtle" color="red" aria-label={t('webhooks.remove')} onClick={remove}><IconTrash size={16} /></ActionIcon>
          </Group>
        </Group>
        {endpoint.state === 'paused' && <Alert color="red" variant="light">{t('webhooks.pausedNote')}</Alert>}
        {note && <Alert color="blue" variant="light" withCloseButton onClose={() => setNote(null)}>{note}</Alert>}
        {editing && <EndpointForm endpoint={endpoint} onSaved={() => { setEditing(false); onChanged() }} onCancel={() => setEditing(false)} />}
        {showLog && <Deliveries endpointId={endpoint.id} />}
      </Stack>
      {modal}
    </Card>
  )
}

export function WebhooksPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const endpoints = useQuery(endpointsQuery())
  const [secret, setSecret] = useState<string | null>(null)
  const refresh = () => void queryClient.invalidateQueries({ queryKey: webhooksKey })
  const list = endpoints.data?.list ?? []
  return (
    <Stack gap="lg" data-testid="webhooks-page">
      <Stack gap={2}>
        <Title order={2}>{t('webhooks.title')}</Title>
        <Text c="dimmed" size="sm">{t('webhooks.lead')}</Text>
      </Stack>
      <Card withBorder>
        <Stack gap="xs">
          <Title order={4}>{t('webhooks.addTitle')}</Title>
          <EndpointForm onSaved={(made) => { if (made) setSecret(made); refresh() }} />
        </Stack>
      </Card>
      {endpoints.isSuccess && list.length === 0 && <Text size="sm" c="dimmed">{t('webhooks.empty')}</Text>}
      {list.map((e) => <EndpointCard key={e.id} endpoint={e} onChanged={refresh} onSecret={setSecret} />)}
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  )
}
