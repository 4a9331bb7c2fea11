import { Alert, Anchor, Badge, Button, Card, Group, Modal, MultiSelect, Pagination, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core'
import { IconArrowLeft, IconExternalLink, IconPlus } from '@tabler/icons-react'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LiveEventState } from '../../../../shared/states/live-event'
import { FeatureGate } from '../../../components/feature-off'
import { FormError } from '../../../components/form-error'
import { formatDateTime, money } from '../../../lib/format'
import {
  changeLiveEventState, createLiveEvent, deleteLiveEvent, liveEventQuery, liveEventsKey, liveEventsQuery, liveProductsQuery, updateLiveEvent, type LiveEvent,
} from '../api/live-events'

// /cabinet/live_events and /cabinet/live_events/{id} (docs/decisions/0086-live-shopping-and-mobile-app.md): the seller
// schedules a live event with a stream link and chosen products, goes live, ends it, and sees the orders its page's
// buy buttons brought (count, paid, revenue per currency). Behind the live_shopping flag.

const stateColors: Record<LiveEventState, string> = { scheduled: 'blue', live: 'red', ended: 'gray', cancelled: 'dark' }

/** An ISO time as the value of an <input type="datetime-local"> in the browser's time zone, and back. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '')

function StateBadge({ state }: { state: LiveEventState }) {
  const { t } = useTranslation()
  return <Badge color={stateColors[state]} variant={state === 'live' ? 'filled' : 'light'} data-testid="live-event-state">{t(`liveShopping.states.${state}`)}</Badge>
}

function EventForm({ event, onClose }: { event: LiveEvent | null; onClose: (saved?: LiveEvent) => void }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const products = useQuery(liveProductsQuery)
  const start = new Date(Date.now() + 24 * 3_600_000)
  start.setMinutes(0, 0, 0)
  const [title, setTitle] = useState(event?.title ?? '')
  const [description, setDescription] = useState(event?.description ?? '')
  const [startsAt, setStartsAt] = useState(toLocalInput(event?.startsAt ?? start.toISOString()))
  const [endsAt, setEndsAt] = useState(toLocalInput(event?.endsAt ?? new Date(start.getTime() + 3_600_000).toISOString()))
  const [streamUrl, setStreamUrl] = useState(event?.streamUrl ?? '')
  const [productIds, setProductIds] = useState<string[]>((event?.productIds ?? []).map(String))
  const save = useMutation({
    mutationFn: () => {
      const input = {
        title, description: description.trim() || null, starts_at: fromLocalInput(startsAt), ends_at: fromLocalInput(endsAt),
        stream_url: streamUrl.trim() || null, product_ids: productIds.map(Number),
      }
      return event ? updateLiveEvent(event.id, input) : createLiveEvent(input)
    },
    onSuccess: (answer) => { void client.invalidateQueries({ queryKey: liveEventsKey }); onClose(answer.liveEvent) },
  })
  const options = (products.data?.list ?? []).map((p) => ({ value: String(p.id), label: p.name }))
  return (
    <Modal opened onClose={() => onClose()} title={event ? t('liveShopping.editTitle') : t('liveShopping.newTitle')} size="lg">
      <Stack component="form" gap="sm" onSubmit={(e) => { e.preventDefault(); save.mutate() }} data-testid="live-event-form">
        <TextInput label={t('liveShopping.fields.title')} required maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} data-testid="live-event-title" />
        <Textarea label={t('liveShopping.fields.description')} autosize minRows={2} maxLength={5000} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        <Group grow>
          <TextInput type="datetime-local" label={t('liveShopping.fields.startsAt')} required value={startsAt} onChange={(e) => setStartsAt(e.currentTarget.value)} data-testid="live-event-starts" />
          <TextInput type="datetime-local" label={t('liveShopping.fields.endsAt')} required value={endsAt} onChange={(e) => setEndsAt(e.currentTarget.value)} data-testid="live-event-ends" />
        </Group>
        <TextInput label={t('liveShopping.fields.streamUrl')} description={t('liveShopping.fields.streamUrlHint')} placeholder="https://www.youtube.com/live/…" maxLength={2000}
          value={streamUrl} onChange={(e) => setStreamUrl(e.currentTarget.value)} data-testid="live-event-stream" />
        <MultiSelect label={t('liveShopping.fields.products')} description={t('liveShopping.fields.productsHint')} required searchable data={options}
          value={productIds} onChange={setProductIds} maxValues={30} nothingFoundMessage={t('liveShopping.noProducts')} data-testid="live-event-products" />
        <FormError error={save.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>{t('common.cancel')}</Button>
          <Button type="submit" loading={save.isPending} disabled={productIds.length === 0 || !title.trim()} data-testid="live-event-save">{t('common.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  )
}

export function LiveEventsPage() {
  return <FeatureGate flag="live_shopping"><LiveEventsContent /></FeatureGate>
}

function LiveEventsContent() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const [page, setPage] = useState(1)
  const [creating, setCreating] = useState(false)
  const list = useQuery(liveEventsQuery(page))
  const events = list.data?.list ?? []
  const pages = Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / 20))
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('liveShopping.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="live-event-new">{t('liveShopping.new')}</Button>
      </Group>
      <Text c="dimmed" size="sm">{t('liveShopping.lead')}</Text>
      <FormError error={list.error} />
      {list.isSuccess && events.length === 0 && <Alert variant="light" data-testid="live-events-empty">{t('liveShopping.empty')}</Alert>}
      {events.length > 0 && (
        <Table striped highlightOnHover data-testid="live-events">
          <Table.Thead>
            <Table.Tr><Table.Th>{t('liveShopping.fields.title')}</Table.Th><Table.Th>{t('liveShopping.fields.startsAt')}</Table.Th><Table.Th>{t('liveShopping.state')}</Table.Th><Table.Th>{t('liveShopping.fields.products')}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((e) => (
              <Table.Tr key={e.id} data-testid="live-event-row">
                <Table.Td><Anchor component={Link} to={`/cabinet/live_events/${e.id}`}>{e.title}</Anchor></Table.Td>
                <Table.Td>{formatDateTime(e.startsAt, i18n.language)}</Table.Td>
                <Table.Td><StateBadge state={e.state} /></Table.Td>
                <Table.Td>{e.productIds.length}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
      {creating && <EventForm event={null} onClose={(saved) => { setCreating(false); if (saved) void navigate({ to: `/cabinet/live_events/${saved.id}` }) }} />}
    </Stack>
  )
}

export function LiveEventPage() {
  return <FeatureGate flag="live_shopping"><LiveEventContent /></FeatureGate>
}

function LiveEventContent() {
  const { t, i18n } = useTranslation()
  const { id } = useParams({ strict: false }) as { id: string }
  const navigate = useNavigate()
  const client = useQueryClient()
  const one = useQuery(liveEventQuery(Number(id)))
  const [editing, setEditing] = useState(false)
  const refresh = () => client.invalidateQueries({ queryKey: liveEventsKey })
  const move = useMutation({ mutationFn: (state: 'live' | 'ended' | 'cancelled') => changeLiveEventState(Number(id), state), onSuccess: () => void refresh() })
  const remove = useMutation({ mutationFn: () => deleteLiveEvent(Number(id)), onSuccess: () => { void refresh(); void navigate({ to: '/cabinet/live_events' }) } })
  const event = one.data?.liveEvent
  const orders = one.data?.orders
  return (
    <Stack>
      <Anchor component={Link} to="/cabinet/live_events" size="sm"><Group gap={4}><IconArrowLeft size={14} />{t('liveShopping.back')}</Group></Anchor>
      <FormError error={one.error} />
      {event && orders && (
        <>
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Group gap="sm"><Title order={2} data-testid="live-event-heading">{event.title}</Title><StateBadge state={event.state} /></Group>
              <Text c="dimmed" size="sm">{formatDateTime(event.startsAt, i18n.language)} – {formatDateTime(event.endsAt, i18n.language)}</Text>
              <Anchor href={event.url} target="_blank" rel="noopener" size="sm" data-testid="live-event-public-url"><Group gap={4}>{event.url}<IconExternalLink size={14} /></Group></Anchor>
            </Stack>
            <Group gap="xs">
              {event.nextStates.includes('live') && <Button color="red" loading={move.isPending} onClick={() => move.mutate('live')} data-testid="live-event-go-live">{t('liveShopping.actions.live')}</Button>}
              {event.nextStates.includes('ended') && <Button variant="light" loading={move.isPending} onClick={() => move.mutate('ended')} data-testid="live-event-end">{t('liveShopping.actions.ended')}</Button>}
              {event.nextStates.includes('cancelled') && <Button variant="subtle" color="gray" loading={move.isPending} onClick={() => move.mutate('cancelled')}>{t('liveShopping.actions.cancelled')}</Button>}
              {(event.state === 'scheduled' || event.state === 'live') && <Button variant="default" onClick={() => setEditing(true)} data-testid="live-event-edit">{t('liveShopping.edit')}</Button>}
              {event.state !== 'live' && <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => { if (window.confirm(t('liveShopping.deleteConfirm'))) remove.mutate() }}>{t('liveShopping.delete')}</Button>}
            </Group>
          </Group>
          <FormError error={move.error ?? remove.error} />
          {event.description && <Text style={{ whiteSpace: 'pre-line' }}>{event.description}</Text>}
          <Text size="sm">
            {t('liveShopping.fields.streamUrl')}: {event.streamUrl ? <Anchor href={event.streamUrl} target="_blank" rel="noopener noreferrer">{event.streamUrl}</Anchor> : '–'}
            {event.streamUrl && <Text span c="dimmed" size="xs"> ({event.embedUrl ? t('liveShopping.embedded') : t('liveShopping.linked')})</Text>}
          </Text>
          <Title order={3}>{t('liveShopping.orders.title')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="live-event-orders">
            <Card withBorder><Text size="xs" c="dimmed">{t('liveShopping.orders.count')}</Text><Text fw={700} size="xl" data-testid="live-event-orders-count">{orders.count}</Text></Card>
            <Card withBorder><Text size="xs" c="dimmed">{t('liveShopping.orders.paid')}</Text><Text fw={700} size="xl" data-testid="live-event-orders-paid">{orders.paidCount}</Text></Card>
            <Card withBorder>
              <Text size="xs" c="dimmed">{t('liveShopping.orders.revenue')}</Text>
              {orders.revenue.length === 0 ? <Text fw={700} size="xl">–</Text> : orders.revenue.map((r) => <Text key={r.currency} fw={700} size="xl" data-testid="live-event-revenue">{money(r.amount, r.currency)}</Text>)}
            </Card>
          </SimpleGrid>
          <Text size="xs" c="dimmed">{t('liveShopping.orders.hint', { campaign: orders.campaignId })}</Text>
          {editing && <EventForm event={event} onClose={() => setEditing(false)} />}
        </>
      )}
    </Stack>
  )
}
