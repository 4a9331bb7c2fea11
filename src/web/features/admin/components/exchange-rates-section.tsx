import { Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { exchangeRateSources, platformSettingsInput, type PlatformSettingName, type PlatformSettingsInput } from '../../../../shared/schemas/platform-settings'
import { FormError } from '../../../components/form-error'
import { NumberField } from '../../../components/number-field'
import { SelectField } from '../../../components/select-field'
import { formatDateTime } from '../../../lib/format'
import { selectInputProps, textInputProps, useZodForm } from '../../../lib/forms'
import { exchangeRatesKey, exchangeRatesQuery, refreshExchangeRates } from '../api/exchange-rates'
import { platformSettingsKey, updatePlatformSettings, type PlatformSettings } from '../api/platform-settings'

// The settings page's "Exchange rates" (src/server/modules/exchange-rates/README.md): where rates come from and
// how old one may be (platform settings), the rates stored now and whether a checkout may use them, the last
// refresh, and a refresh on demand.

type Values = { exchange_rate_source: string | null; exchange_rate_url: string; exchange_rate_file: string; exchange_rate_max_age_hours: string }

const valuesOf = (s: PlatformSettings): Values => ({
  exchange_rate_source: s.exchangeRateSource, exchange_rate_url: s.exchangeRateUrl, exchange_rate_file: s.exchangeRateFile,
  exchange_rate_max_age_hours: String(s.exchangeRateMaxAgeHours),
})

/** The body: only what differs from the values in force; an emptied file path returns it to the environment's. */
function changesOf(values: Values, current: PlatformSettings): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  if (values.exchange_rate_source !== current.exchangeRateSource) input.exchange_rate_source = values.exchange_rate_source ?? ''
  if (values.exchange_rate_url !== current.exchangeRateUrl) input.exchange_rate_url = values.exchange_rate_url
  if (values.exchange_rate_file !== current.exchangeRateFile) input.exchange_rate_file = values.exchange_rate_file === '' ? null : values.exchange_rate_file
  const hours = values.exchange_rate_max_age_hours === '' ? Number.NaN : Number(values.exchange_rate_max_age_hours)
  if (hours !== current.exchangeRateMaxAgeHours) input.exchange_rate_max_age_hours = hours
  return input
}

export function ExchangeRatesSection({ settings }: { settings: PlatformSettings }) {
  const { t } = useTranslation()
  return (
    <Card withBorder padding="lg" radius="md" maw={760} data-testid="exchange-rates-section">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={4}>{t('platformSettings.exchangeRates.title')}</Title>
          <Text size="sm" c="dimmed">{t('platformSettings.exchangeRates.text')}</Text>
        </Stack>
        <ExchangeRateSettings key={settings.updatedAt ?? 'environment'} settings={settings} />
        <ExchangeRatesStatusTable />
      </Stack>
    </Card>
  )
}

function ExchangeRateSettings({ settings }: { settings: PlatformSettings }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const form = useZodForm(platformSettingsInput, valuesOf(settings), i18n.language, { toInput: (v) => changesOf(v, settings) })
  const save = useMutation({
    mutationFn: updatePlatformSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(platformSettingsKey, saved)
      void queryClient.invalidateQueries({ queryKey: platformSettingsKey })
      void queryClient.invalidateQueries({ queryKey: exchangeRatesKey })
      notifications.show({ color: 'green', message: t('platformSettings.saved') })
    },
    onError: (e) => form.fail(e),
  })
  const setBy = new Set<PlatformSettingName>(settings.setByManager)
  const origin = (name: PlatformSettingName, environmentText: string) => (
    <Group gap="xs" mt={4}>
      {setBy.has(name)
        ? <Badge size="sm" variant="light" color="blue" data-testid={`setting-source-${name}`}>{t('platformSettings.setByManager')}</Badge>
        : <Badge size="sm" variant="light" color="gray" data-testid={`setting-source-${name}`}>{t('platformSettings.fromEnvironment')}</Badge>}
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{t('platformSettings.environmentValue', { value: environmentText })}</Text>
      {setBy.has(name) && (
        <Button size="compact-xs" variant="subtle" disabled={save.isPending} onClick={() => save.mutate({ [name]: null } as PlatformSettingsInput)} data-testid={`setting-reset-${name}`}>
          {t('platformSettings.reset')}
        </Button>
      )}
    </Group>
  )
  const sourceName = (source: string) => t(`platformSettings.exchangeRates.sources.${source}`)
  const source = form.field('exchange_rate_source')
  const maxAge = form.field('exchange_rate_max_age_hours')
  const env = settings.environment
  const changed = Object.keys(changesOf(form.values, settings)).length > 0
  return (
    <form noValidate onSubmit={(event) => {
      event.preventDefault()
      const data = form.validate()
      if (data && changed) save.mutate(data)
    }}>
      <Stack gap="md">
        <div>
          <SelectField
            label={t('platformSettings.exchangeRates.source')} allowDeselect={false}
            data={exchangeRateSources.map((s) => ({ value: s, label: sourceName(s) }))} {...selectInputProps(source)} data-testid="setting-input-exchange_rate_source"
          />
          {origin('exchange_rate_source', sourceName(env.exchangeRateSource))}
        </div>
        {source.value === 'ecb' && (
          <div>
            <TextInput
              label={t('platformSettings.exchangeRates.url')} description={t('platformSettings.exchangeRates.urlHelp')} type="url"
              {...textInputProps(form.field('exchange_rate_url'))} data-testid="setting-input-exchange_rate_url"
            />
            {origin('exchange_rate_url', env.exchangeRateUrl)}
          </div>
        )}
        {source.value === 'file' && (
          <div>
            <TextInput
              label={t('platformSettings.exchangeRates.file')} description={t('platformSettings.exchangeRates.fileHelp')} ff="monospace"
              {...textInputProps(form.field('exchange_rate_file'))} data-testid="setting-input-exchange_rate_file"
            />
            {origin('exchange_rate_file', env.exchangeRateFile === '' ? t('platformSettings.exchangeRates.noFile') : env.exchangeRateFile)}
          </div>
        )}
        <div>
          <NumberField
            label={t('platformSettings.exchangeRates.maxAge')} description={t('platformSettings.exchangeRates.maxAgeHelp')} min={1} max={720}
            value={maxAge.value} onChange={maxAge.onChange} onBlur={maxAge.onBlur} error={maxAge.error} data-testid="setting-input-exchange_rate_max_age_hours"
          />
          {origin('exchange_rate_max_age_hours', t('platformSettings.exchangeRates.hours', { hours: env.exchangeRateMaxAgeHours }))}
        </div>
        <FormError error={form.formError} />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!changed} data-testid="exchange-rates-save">{t('platformSettings.save')}</Button>
        </Group>
      </Stack>
    </form>
  )
}

function ExchangeRatesStatusTable() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const status = useQuery(exchangeRatesQuery())
  const refresh = useMutation({
    mutationFn: refreshExchangeRates,
    onSuccess: (answer) => {
      queryClient.setQueryData(exchangeRatesKey, answer)
      const last = answer.refreshes[0]
      if (answer.source === 'off') notifications.show({ color: 'gray', message: t('platformSettings.exchangeRates.offNotice') })
      else if (last?.ok) notifications.show({ color: 'green', message: t('platformSettings.exchangeRates.refreshed') })
      else notifications.show({ color: 'red', message: t('platformSettings.exchangeRates.refreshFailedNotice') })
    },
  })
  const data = status.data
  const last = data?.refreshes[0]
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Title order={5}>{t('platformSettings.exchangeRates.rates')}</Title>
        <Button size="xs" variant="light" loading={refresh.isPending} disabled={!data} onClick={() => refresh.mutate()} data-testid="exchange-rates-refresh">
          {t('platformSettings.exchangeRates.refreshNow')}
        </Button>
      </Group>
      <Text size="sm" data-testid="exchange-rates-last-refresh" c={last && !last.ok ? 'red' : undefined}>
        {t('platformSettings.exchangeRates.lastRefresh')}{': '}
        {!last
          ? t('platformSettings.exchangeRates.neverRefreshed')
          : last.ok
            ? t('platformSettings.exchangeRates.refreshOk', { time: formatDateTime(last.createdAt, i18n.language), rates: last.ratesCount })
            : t('platformSettings.exchangeRates.refreshFailed', { time: formatDateTime(last.createdAt, i18n.language), error: last.error ?? '' })}
      </Text>
      {data && data.rates.length === 0 && <Text size="sm" c="dimmed">{t('platformSettings.exchangeRates.noRates')}</Text>}
      {data && data.rates.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table data-testid="exchange-rates-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('platformSettings.exchangeRates.currency')}</Table.Th>
                <Table.Th>{t('platformSettings.exchangeRates.perEur')}</Table.Th>
                <Table.Th>{t('platformSettings.exchangeRates.rateSource')}</Table.Th>
                <Table.Th>{t('platformSettings.exchangeRates.ratedAt')}</Table.Th>
                <Table.Th>{t('platformSettings.exchangeRates.usable')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rates.map((rate) => (
                <Table.Tr key={rate.currency} data-testid={`exchange-rate-${rate.currency}`}>
                  <Table.Td ff="monospace">{rate.currency.toUpperCase()}</Table.Td>
                  <Table.Td ff="monospace">{rate.perEur}</Table.Td>
                  <Table.Td>{rate.source}</Table.Td>
                  <Table.Td>{formatDateTime(rate.ratedAt, i18n.language)}</Table.Td>
                  <Table.Td>
                    {rate.usable
                      ? <Badge size="sm" variant="light" color="green">{t('platformSettings.exchangeRates.yes')}</Badge>
                      : <Badge size="sm" variant="light" color="red">{t('platformSettings.exchangeRates.tooOld')}</Badge>}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}
