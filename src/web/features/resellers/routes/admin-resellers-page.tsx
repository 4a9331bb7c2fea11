import { Badge, Button, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createResellerInput } from '../../../../shared/schemas/resellers'
import { countryCodes } from '../../../../shared/validation/countries'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { FormError } from '../../../components/form-error'
import { initialListState, type ListState } from '../../../components/list-state'
import { NumberField } from '../../../components/number-field'
import { SelectField } from '../../../components/select-field'
import { formatDateTime } from '../../../lib/format'
import { selectInputProps, textInputProps, useZodForm } from '../../../lib/forms'
import { adminResellersQuery, createReseller, feePercent, resellersKey, updateReseller, type Reseller } from '../api/resellers'

// /admin/resellers (docs/decisions/0051-resellers.md): managers make an existing user a reseller (legal details
// printed on the invoices it issues, a standard fee in basis points of the net), list them and deactivate them.

type Values = { email: string; legal_name: string; street: string; zip: string; city: string; country_code: string | null; vat_id: string; fee_bps: string }
const empty: Values = { email: '', legal_name: '', street: '', zip: '', city: '', country_code: 'DE', vat_id: '', fee_bps: '1000' }

function CreateResellerForm({ onCreated }: { onCreated: () => void }) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(createResellerInput, empty, i18n.language, {
    toInput: (v) => ({ ...v, country_code: v.country_code ?? '', vat_id: v.vat_id || undefined, fee_bps: v.fee_bps === '' ? Number.NaN : Number(v.fee_bps) }),
  })
  const create = useMutation({
    mutationFn: createReseller,
    onSuccess: () => {
      form.reset()
      onCreated()
    },
    onError: (e) => form.fail(e),
  })
  const regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([i18n.language], { type: 'region' }) : null
  const fee = form.field('fee_bps')
  return (
    <Paper withBorder p="md" data-testid="admin-reseller-add">
      <form noValidate onSubmit={(event) => {
        event.preventDefault()
        const data = form.validate()
        if (data) create.mutate(data)
      }}>
        <Stack gap="sm">
          <Title order={4}>{t('resellers.admin.addTitle')}</Title>
          <Text size="sm" c="dimmed">{t('resellers.admin.addText')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('resellers.fields.email')} required {...textInputProps(form.field('email'))} data-testid="admin-reseller-email" />
            <TextInput label={t('resellers.fields.legalName')} required {...textInputProps(form.field('legal_name'))} data-testid="admin-reseller-legal-name" />
            <TextInput label={t('resellers.fields.street')} required {...textInputProps(form.field('street'))} data-testid="admin-reseller-street" />
            <TextInput label={t('resellers.fields.zip')} required {...textInputProps(form.field('zip'))} data-testid="admin-reseller-zip" />
            <TextInput label={t('resellers.fields.city')} required {...textInputProps(form.field('city'))} data-testid="admin-reseller-city" />
            <SelectField label={t('resellers.fields.country')} required data={countryCodes.map((c) => ({ value: c, label: regionNames?.of(c) ?? c }))} {...selectInputProps(form.field('country_code'))} data-testid="admin-reseller-country" />
            <TextInput label={t('resellers.fields.vatId')} {...textInputProps(form.field('vat_id'))} data-testid="admin-reseller-vat" />
            <NumberField
              label={t('resellers.fields.feeBps')} required min={0} max={5000} value={fee.value} onChange={fee.onChange} onBlur={fee.onBlur} error={fee.error}
              description={fee.value !== '' && Number.isFinite(Number(fee.value)) ? feePercent(Number(fee.value), i18n.language) : undefined} data-testid="admin-reseller-fee"
            />
          </SimpleGrid>
          <FormError error={form.formError} />
          <Button type="submit" loading={create.isPending} w="fit-content" data-testid="admin-reseller-submit">{t('resellers.admin.add')}</Button>
        </Stack>
      </form>
    </Paper>
  )
}

export function AdminResellersPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const list = useQuery(adminResellersQuery(state))
  const refresh = () => void queryClient.invalidateQueries({ queryKey: resellersKey })
  const toggle = useMutation({ mutationFn: (r: Reseller) => updateReseller(r.id, { active: !r.active }), onSuccess: refresh })
  const columns: DataTableColumn<Reseller>[] = [
    { key: 'legal_name', title: t('resellers.fields.legalName'), render: (r) => <Stack gap={0}><Text size="sm" fw={500}>{r.legalName}</Text><Text size="xs" c="dimmed">{r.email}</Text></Stack> },
    { key: 'address', title: t('resellers.fields.city'), render: (r) => `${r.street}, ${r.zip} ${r.city}, ${r.countryCode}` },
    { key: 'vat_id', title: t('resellers.fields.vatId'), render: (r) => r.vatId ?? '–' },
    { key: 'fee', title: t('resellers.columns.fee'), render: (r) => feePercent(r.feeBps, i18n.language) },
    { key: 'active', title: t('resellers.columns.state'), render: (r) => <Badge color={r.active ? 'green' : 'gray'} variant="light">{t(r.active ? 'resellers.admin.active' : 'resellers.admin.inactive')}</Badge> },
    { key: 'created_at', title: t('resellers.columns.date'), render: (r) => formatDateTime(r.createdAt, i18n.language) },
    { key: 'actions', title: '', render: (r) => (
      <Button size="xs" variant="subtle" color={r.active ? 'red' : 'green'} loading={toggle.isPending && toggle.variables?.id === r.id} onClick={() => toggle.mutate(r)} data-testid={`admin-reseller-toggle-${r.id}`}>
        {t(r.active ? 'resellers.admin.deactivate' : 'resellers.admin.activate')}
      </Button>
    ) },
  ]
  return (
    <Stack gap="lg" data-testid="admin-resellers">
      <Title order={2}>{t('resellers.admin.title')}</Title>
      <CreateResellerForm onCreated={() => {
        refresh()
        notifications.show({ color: 'green', autoClose: 4000, message: t('resellers.admin.created') })
      }} />
      <DataTable
        columns={columns} rows={list.data?.list ?? []} rowKey={(r) => r.id} totalCount={list.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={list.isPending || list.isFetching} searchable={false} emptyText={t('resellers.admin.empty')}
      />
    </Stack>
  )
}
