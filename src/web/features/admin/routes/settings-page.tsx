import { Alert, Badge, Button, Card, Group, Stack, Switch, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { platformSettingsInput, type PlatformSettingName, type PlatformSettingsInput } from '../../../../shared/schemas/platform-settings'
import { countryCodes } from '../../../../shared/validation/countries'
import { DataTable, type DataTableColumn } from '../../../components/data-table'
import { FormError } from '../../../components/form-error'
import { initialListState, type ListState } from '../../../components/list-state'
import { NumberField } from '../../../components/number-field'
import { SelectField } from '../../../components/select-field'
import { formatDateTime, percentOfBps as percent } from '../../../lib/format'
import { selectInputProps, useZodForm } from '../../../lib/forms'
import {
  platformSettingChangesQuery, platformSettingsKey, platformSettingsQuery, updatePlatformSettings, type PlatformSettingChange, type PlatformSettings,
} from '../api/platform-settings'
import { ExchangeRatesSection } from '../components/exchange-rates-section'

// /admin/settings: managers change the home country, the fees and test mode, and where exchange rates come from
// (ExchangeRatesSection); the environment gives each its default and "Reset" returns to it; every change is listed
// with who made it (docs/decisions/0062-platform-settings.md).

type Values = { home_country: string | null; payments_test_mode: boolean; connect_fee_bps: string; platform_fee_bps: string }

const valuesOf = (s: PlatformSettings): Values => ({
  home_country: s.homeCountry, payments_test_mode: s.paymentsTestMode, connect_fee_bps: String(s.connectFeeBps), platform_fee_bps: String(s.platformFeeBps),
})

/** The body: only what differs from the values in force. */
function changesOf(values: Values, current: PlatformSettings): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  if (values.home_country !== current.homeCountry) input.home_country = values.home_country ?? ''
  if (values.payments_test_mode !== current.paymentsTestMode) input.payments_test_mode = values.payments_test_mode
  for (const [name, now] of [['connect_fee_bps', current.connectFeeBps], ['platform_fee_bps', current.platformFeeBps]] as const) {
    const typed = values[name] === '' ? Number.NaN : Number(values[name])
    if (typed !== now) input[name] = typed
  }
  return input
}

export function PlatformSettingsPage() {
  const { t } = useTranslation()
  const settings = useQuery(platformSettingsQuery())
  return (
    <Stack gap="lg" data-testid="admin-settings-page">
      <Stack gap={4}>
        <Title order={2}>{t('platformSettings.pageTitle')}</Title>
        <Text c="dimmed">{t('platformSettings.pageText')}</Text>
      </Stack>
      {settings.data && <SettingsForm key={settings.data.updatedAt ?? 'environment'} settings={settings.data} />}
      {settings.data && <ExchangeRatesSection settings={settings.data} />}
      {settings.data && <ReadOnlySettings settings={settings.data} />}
      <SettingChanges />
    </Stack>
  )
}

function SettingsForm({ settings }: { settings: PlatformSettings }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const form = useZodForm(platformSettingsInput, valuesOf(settings), i18n.language, { toInput: (v) => changesOf(v, settings) })
  const save = useMutation({
    mutationFn: updatePlatformSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(platformSettingsKey, saved)
      void queryClient.invalidateQueries({ queryKey: platformSettingsKey })
      notifications.show({ color: 'green', message: t('platformSettings.saved') })
    },
    onError: (e) => form.fail(e),
  })
  const regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([i18n.language], { type: 'region' }) : null
  const setBy = new Set<PlatformSettingName>(settings.setByManager)
  const source = (name: PlatformSettingName, environmentText: string) => (
    <Group gap="xs" mt={4}>
      {setBy.has(name)
        ? <Badge size="sm" variant="light" color="blue" data-testid={`setting-source-${name}`}>{t('platformSettings.setByManager')}</Badge>
        : <Badge size="sm" variant="light" color="gray" data-testid={`setting-source-${name}`}>{t('platformSettings.fromEnvironment')}</Badge>}
      <Text size="xs" c="dimmed">{t('platformSettings.environmentValue', { value: environmentText })}</Text>
      {setBy.has(name) && (
        <Button size="compact-xs" variant="subtle" disabled={save.isPending} onClick={() => save.mutate({ [name]: null } as PlatformSettingsInput)} data-testid={`setting-reset-${name}`}>
          {t('platformSettings.reset')}
        </Button>
      )}
    </Group>
  )
  const fee = (name: 'connect_fee_bps' | 'platform_fee_bps', label: string, environmentBps: number) => {
    const field = form.field(name)
    return (
      <div>
        <NumberField
          label={label} min={0} max={10_000} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={field.error}
          description={field.value !== '' && Number.isFinite(Number(field.value)) ? t('platformSettings.bpsIs', { percent: percent(Number(field.value), i18n.language) }) : undefined}
          data-testid={`setting-input-${name}`}
        />
        {source(name, percent(environmentBps, i18n.language))}
      </div>
    )
  }
  const testMode = form.field('payments_test_mode')
  const changed = Object.keys(changesOf(form.values, settings)).length > 0
  return (
    <Card withBorder padding="lg" radius="md" maw={760} data-testid="platform-settings-form">
      <form noValidate onSubmit={(event) => {
        event.preventDefault()
        const data = form.validate()
        if (data && changed) save.mutate(data)
      }}>
        <Stack gap="md">
          <div>
            <SelectField
              label={t('platformSettings.homeCountry')} description={t('platformSettings.homeCountryHelp')} searchable
              data={countryCodes.map((c) => ({ value: c, label: `${regionNames?.of(c) ?? c} (${c})` }))} {...selectInputProps(form.field('home_country'))} data-testid="setting-input-home_country"
            />
            {source('home_country', settings.environment.homeCountry)}
          </div>
          <div>
            <Switch
              label={t('platformSettings.testMode')} description={t('platformSettings.testModeHelp')} checked={testMode.value}
              onChange={(event) => testMode.onChange(event.currentTarget.checked)} disabled={settings.testClock} data-testid="setting-input-payments_test_mode"
            />
            {settings.testClock && <Text size="xs" c="dimmed" mt={4}>{t('platformSettings.testModeClock')}</Text>}
            {source('payments_test_mode', settings.environment.paymentsTestMode ? t('platformSettings.on') : t('platformSettings.off'))}
          </div>
          {!testMode.value && settings.paymentsTestMode && <Alert color="yellow">{t('platformSettings.testModeOffWarning')}</Alert>}
          {fee('connect_fee_bps', t('platformSettings.connectFee'), settings.environment.connectFeeBps)}
          {fee('platform_fee_bps', t('platformSettings.platformFee'), settings.environment.platformFeeBps)}
          <Text size="xs" c="dimmed">{t('platformSettings.feesApply')}</Text>
          <FormError error={form.formError} />
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!changed} data-testid="platform-settings-save">{t('platformSettings.save')}</Button>
            {settings.updatedAt && <Text size="xs" c="dimmed">{t('platformSettings.updatedAt', { time: formatDateTime(settings.updatedAt, i18n.language) })}</Text>}
          </Group>
        </Stack>
      </form>
    </Card>
  )
}

function ReadOnlySettings({ settings }: { settings: PlatformSettings }) {
  const { t } = useTranslation()
  const onOff = (on: boolean) => <Badge color={on ? 'yellow' : 'gray'} variant="light">{on ? t('platformSettings.on') : t('platformSettings.off')}</Badge>
  const rows: [string, string, React.ReactNode][] = [
    ['TEST_CLOCK', t('platformSettings.testClock'), onOff(settings.testClock)],
    ['ADMIN_MODE_TTL_SECONDS', t('platformSettings.adminModeTtl'), t('platformSettings.minutes', { count: Math.round(settings.adminModeTtlSeconds / 60) })],
  ]
  return (
    <Card withBorder padding="lg" radius="md" maw={760}>
      <Stack gap="xs">
        <Title order={4}>{t('platformSettings.readOnlyTitle')}</Title>
        <Text size="sm" c="dimmed">{t('platformSettings.howToChange')}</Text>
        <Table>
          <Table.Tbody>
            {rows.map(([key, label, value]) => (
              <Table.Tr key={key} data-testid={`setting-${key}`}>
                <Table.Td><Text size="sm" fw={500}>{label}</Text><Text size="xs" c="dimmed" ff="monospace">{key}</Text></Table.Td>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  )
}

function SettingChanges() {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<ListState>(() => initialListState())
  const onStateChange = useCallback((next: ListState) => setState(next), [])
  const changes = useQuery(platformSettingChangesQuery(state))
  const shown = (change: PlatformSettingChange, value: PlatformSettingChange['newValue']) => {
    if (value === null) return t('platformSettings.environmentDefault')
    if (typeof value === 'boolean') return value ? t('platformSettings.on') : t('platformSettings.off')
    if (typeof value === 'number' && change.setting.endsWith('_bps')) return percent(value, i18n.language)
    if (typeof value === 'string' && change.setting === 'exchange_rate_source') return t(`platformSettings.exchangeRates.sources.${value}`)
    return String(value)
  }
  const columns: DataTableColumn<PlatformSettingChange>[] = [
    { key: 'created_at', title: t('platformSettings.changes.time'), render: (c) => formatDateTime(c.createdAt, i18n.language) },
    { key: 'setting', title: t('platformSettings.changes.setting'), render: (c) => t(`platformSettings.names.${c.setting}`) },
    { key: 'previous', title: t('platformSettings.changes.previous'), render: (c) => shown(c, c.previousValue) },
    { key: 'new', title: t('platformSettings.changes.new'), render: (c) => <span data-testid="setting-change">{shown(c, c.newValue)}</span> },
    { key: 'manager', title: t('platformSettings.changes.manager'), render: (c) => c.managerEmail },
  ]
  return (
    <Stack gap="xs">
      <Title order={4}>{t('platformSettings.changes.title')}</Title>
      <DataTable
        columns={columns} rows={changes.data?.list ?? []} rowKey={(c) => c.id} totalCount={changes.data?.totalCount ?? 0}
        state={state} onStateChange={onStateChange} loading={changes.isPending || changes.isFetching} searchable={false} emptyText={t('platformSettings.changes.empty')}
      />
    </Stack>
  )
}
