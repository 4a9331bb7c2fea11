import { Badge, Button, Card, Group, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ticketInput, ticketTranslationFields, type TicketInput } from '../../../../../shared/schemas/catalog'
import { FormError } from '../../../../components/form-error'
import { NumberField } from '../../../../components/number-field'
import { textInputProps, useZodForm } from '../../../../lib/forms'
import { addTicket } from '../../api/add-ticket'
import { useConfirm } from '../../../../components/confirm-modal'
import { removeTicket } from '../../api/remove-ticket'
import type { Product, Ticket } from '../../api/types'
import { updateTicket } from '../../api/update-ticket'
import { countOf } from '../money'
import { PlanEditor } from '../plan-editor'
import { TicketTextTranslations, type TicketTextDrafts } from '../plan-ticket-translations'
import { textDraftsOf, textTranslationsInputOf } from '../../../../components/text-language-cards'
import type { StepProps } from './step-types'

// Step "tickets details" (event tickets): ticket types, each with its name, location, start and end, a
// limit, an active flag, its name and location in other languages and its own pricing plans.

type Values = { name: string; location: string; start_date: string; end_date: string; limit: string; active: boolean }

/** An ISO time as the value of a datetime-local input (local time), and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}
function fromLocalInput(value: string): string | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : date.toISOString()
}

function toInput(v: Values): TicketInput {
  return {
    name: v.name,
    location: v.location.trim() || null,
    start_date: fromLocalInput(v.start_date),
    end_date: fromLocalInput(v.end_date),
    limit: countOf(v.limit),
    active: v.active,
  }
}

function TicketForm({ productId, ticket, onDone, onCancel }: { productId: number; ticket?: Ticket; onDone: (p: Product) => void; onCancel?: () => void }) {
  const { t, i18n } = useTranslation()
  const initial: Values = {
    name: ticket?.name ?? '',
    location: ticket?.location ?? '',
    start_date: toLocalInput(ticket?.startDate ?? null),
    end_date: toLocalInput(ticket?.endDate ?? null),
    limit: ticket?.limit === null || ticket?.limit === undefined ? '' : String(ticket.limit),
    active: ticket?.active ?? true,
  }
  const form = useZodForm(ticketInput, initial, i18n.language, { toInput })
  const [translations, setTranslations] = useState<TicketTextDrafts>(() => textDraftsOf(ticket?.translations, ticketTranslationFields))
  const save = useMutation({
    mutationFn: (input: TicketInput) => (ticket ? updateTicket(productId, ticket.id, input) : addTicket(productId, input)),
    onSuccess: (product) => {
      if (!ticket) {
        form.reset()
        setTranslations({})
      }
      onDone(product)
    },
    onError: (e) => form.fail(e),
  })
  return (
    <form onSubmit={(event) => {
      event.preventDefault()
      if (form.validate()) save.mutate({ ...toInput(form.values), translations: textTranslationsInputOf(translations, ticketTranslationFields) })
    }} noValidate data-testid={ticket ? `ticket-form-${ticket.id}` : 'ticket-new-form'}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('products.tickets.name')} required {...textInputProps(form.field('name'))} data-testid="ticket-name" />
          <TextInput label={t('products.tickets.location')} {...textInputProps(form.field('location'))} data-testid="ticket-location" />
          <TextInput type="datetime-local" label={t('products.tickets.start')} {...textInputProps(form.field('start_date'))} data-testid="ticket-start" />
          <TextInput type="datetime-local" label={t('products.tickets.end')} {...textInputProps(form.field('end_date'))} data-testid="ticket-end" />
          <NumberField label={t('products.tickets.limit')} min={0} allowEmptyValue {...form.field('limit')} />
          <Switch mt="lg" label={t('products.tickets.active')} checked={form.values.active} onChange={(e) => form.setValue('active', e.currentTarget.checked)} />
        </SimpleGrid>
        <TicketTextTranslations drafts={translations} onChange={setTranslations} base={{ name: form.values.name, location: form.values.location }} />
        <FormError error={form.formError} />
        <Group justify="flex-end">
          {onCancel && <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>}
          <Button type="submit" loading={save.isPending} data-testid="ticket-save">{ticket ? t('common.save') : t('products.tickets.add')}</Button>
        </Group>
      </Stack>
    </form>
  )
}

export function TicketsStep({ product, onSaved }: StepProps) {
  const { t } = useTranslation()
  const [adding, setAdding] = useState(product.tickets.length === 0)
  const remove = useMutation({ mutationFn: (ticketId: number) => removeTicket(product.id, ticketId), onSuccess: () => onSaved() })
  const { confirm, modal } = useConfirm()
  return (
    <Stack gap="lg">
      {modal}
      <Group gap="xs">
        <Text size="sm">{t('products.tickets.activeCount', { count: product.activeTicketsCount })}</Text>
      </Group>
      {product.tickets.map((ticket) => (
        <Card key={ticket.id} withBorder padding="md" radius="md" data-testid="ticket-card">
          <Stack gap="md">
            <Group justify="space-between">
              <Group gap="xs">
                <Title order={4} fz="md">{ticket.name}</Title>
                {!ticket.active && <Badge color="gray" variant="light">{t('products.tickets.inactive')}</Badge>}
                {ticket.soldOut && <Badge color="orange" variant="light">{t('products.statuses.limit_reached')}</Badge>}
                <Text size="xs" c="dimmed">{t('products.tickets.sold', { sold: ticket.soldCount, reserved: ticket.reservedCount })}</Text>
              </Group>
              <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={() => confirm({ name: ticket.name, onConfirm: () => remove.mutate(ticket.id) })} data-testid="ticket-remove" loading={remove.isPending && remove.variables === ticket.id}>
                {t('products.tickets.remove')}
              </Button>
            </Group>
            <TicketForm productId={product.id} ticket={ticket} onDone={onSaved} />
            <Stack gap="xs">
              <Text fw={600} size="sm">{t('products.tickets.plans')}</Text>
              <PlanEditor productId={product.id} ticketId={ticket.id} plans={ticket.pricingPlans} defaultCurrency={product.displayCurrencyId ?? 'eur'} onChanged={onSaved} />
            </Stack>
          </Stack>
        </Card>
      ))}
      {adding ? (
        <Card withBorder padding="md" radius="md">
          <Title order={4} fz="md" mb="sm">{t('products.tickets.new')}</Title>
          <TicketForm productId={product.id} onDone={(p) => {
            setAdding(false)
            onSaved(p)
          }} onCancel={product.tickets.length > 0 ? () => setAdding(false) : undefined} />
        </Card>
      ) : (
        <Button variant="light" leftSection={<IconPlus size={16} />} w="fit-content" onClick={() => setAdding(true)} data-testid="ticket-add">{t('products.tickets.add')}</Button>
      )}
    </Stack>
  )
}
