import { Alert, Badge, Button, Card, Group, Pagination, SegmentedControl, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { smtpSecurities, smtpSettingsInput, type SmtpSecurity } from '../../../../shared/schemas/seller-mail'
import { FeatureGate } from '../../../components/feature-off'
import { FormError } from '../../../components/form-error'
import { LoadingMask } from '../../../components/loading-mask'
import { NumberField } from '../../../components/number-field'
import { PasswordField } from '../../../components/password-field'
import { formatDateTime } from '../../../lib/format'
import {
  deleteSmtpSettings, doubleOptInQuery, optInKey, optInsQuery, saveDoubleOptIn, saveSmtpSettings, smtpKey, smtpSettingsQuery, testSmtpSettings,
  type SmtpSettings, type SmtpTest,
} from '../api/mail-settings'

// /cabinet/mail_settings (docs/decisions/0084-custom-smtp-and-double-opt-in.md): the seller's own mail server for
// the mails to their payers (custom_smtp) and "require double opt-in" with the proofs of consent (double_opt_in).
// Each section explains itself when its flag is off.

const defaultPorts: Record<SmtpSecurity, number> = { tls: 465, starttls: 587, none: 25 }

export function MailSettingsPage() {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" data-testid="mail-settings-page">
      <Stack gap={4}>
        <Title order={2}>{t('mailSettings.title')}</Title>
        <Text size="sm" c="dimmed">{t('mailSettings.intro')}</Text>
      </Stack>
      <FeatureGate flag="custom_smtp"><SmtpSection /></FeatureGate>
      <FeatureGate flag="double_opt_in"><DoubleOptInSection /></FeatureGate>
    </Stack>
  )
}

// ---------------------------------------------------------------- own mail server

function SmtpSection() {
  const { t } = useTranslation()
  const settings = useQuery(smtpSettingsQuery())
  return (
    <Card withBorder padding="lg" radius="md" maw={760} data-testid="smtp-section">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} fz="lg">{t('mailSettings.smtp.title')}</Title>
          {settings.data && <SmtpStatus settings={settings.data} />}
        </Group>
        <Text size="sm" c="dimmed">{t('mailSettings.smtp.intro')}</Text>
        <LoadingMask visible={settings.isPending}>
          <FormError error={settings.error} />
          {/* the form keeps what is typed across saves and tests; removing the settings starts it afresh */}
          {settings.data && <SmtpForm key={settings.data.configured ? 'set' : 'none'} settings={settings.data} />}
        </LoadingMask>
      </Stack>
    </Card>
  )
}

function SmtpStatus({ settings }: { settings: SmtpSettings }) {
  const { t } = useTranslation()
  if (!settings.configured) return <Badge color="gray" variant="light">{t('mailSettings.smtp.status.none')}</Badge>
  if (settings.failingSince) return <Badge color="red" variant="light" data-testid="smtp-status">{t('mailSettings.smtp.status.failing')}</Badge>
  if (settings.verified) return <Badge color="green" variant="light" data-testid="smtp-status">{t('mailSettings.smtp.status.verified')}</Badge>
  return <Badge color="yellow" variant="light" data-testid="smtp-status">{t('mailSettings.smtp.status.unverified')}</Badge>
}

function SmtpForm({ settings }: { settings: SmtpSettings }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [host, setHost] = useState(settings.host ?? '')
  const [security, setSecurity] = useState<SmtpSecurity>(settings.security ?? 'starttls')
  const [port, setPort] = useState(String(settings.port ?? defaultPorts.starttls))
  const [username, setUsername] = useState(settings.username ?? '')
  const [password, setPassword] = useState('')
  const [fromEmail, setFromEmail] = useState(settings.fromEmail ?? '')
  const [fromName, setFromName] = useState(settings.fromName ?? '')
  const [testTo, setTestTo] = useState('')
  const [result, setResult] = useState<SmtpTest | null>(null)
  const input = {
    host: host.trim(), port: Number(port), security, username: username.trim() || null,
    // Left empty with a stored password: keep it (the field is never filled from the server).
    ...(password ? { password } : settings.passwordSet ? {} : { password: null }),
    from_email: fromEmail.trim(), from_name: fromName.trim() || null,
  }
  const parsed = smtpSettingsInput.safeParse(input)
  const refresh = (next: SmtpSettings) => queryClient.setQueryData(smtpKey, next)
  const save = useMutation({ mutationFn: () => saveSmtpSettings(parsed.data!), onSuccess: (next) => { setPassword(''); setResult(null); refresh(next) } })
  const test = useMutation({ mutationFn: () => testSmtpSettings(testTo.trim() || undefined), onSuccess: (answer) => { setResult(answer); refresh(answer.settings) } })
  const remove = useMutation({ mutationFn: deleteSmtpSettings, onSuccess: () => void queryClient.invalidateQueries({ queryKey: smtpKey }) })
  const issue = (path: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === path) ? t('mailSettings.smtp.invalid') : undefined)
  return (
    <Stack gap="sm">
      {settings.failingSince && (
        <Alert color="red" title={t('mailSettings.smtp.failingTitle')} data-testid="smtp-failing">
          {t('mailSettings.smtp.failingText', { since: formatDateTime(settings.failingSince, i18n.language), error: settings.lastError ?? '' })}
        </Alert>
      )}
      <Group grow align="flex-start">
        <TextInput label={t('mailSettings.smtp.host')} placeholder="smtp.example.com" value={host} onChange={(e) => setHost(e.currentTarget.value)} error={host ? issue('host') : undefined} data-testid="smtp-host" />
        <NumberField label={t('mailSettings.smtp.port')} value={port} onChange={setPort} min={1} max={65535} maw={140} data-testid="smtp-port" />
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500}>{t('mailSettings.smtp.security')}</Text>
        <SegmentedControl
          value={security}
          onChange={(value) => {
            const next = value as SmtpSecurity
            if (Number(port) === defaultPorts[security]) setPort(String(defaultPorts[next]))
            setSecurity(next)
          }}
          data={smtpSecurities.map((s) => ({ value: s, label: t(`mailSettings.smtp.securities.${s}`) }))}
          w="fit-content"
        />
        {security === 'none' && <Text size="xs" c="orange">{t('mailSettings.smtp.noneWarning')}</Text>}
      </Stack>
      <Group grow align="flex-start">
        <TextInput label={t('mailSettings.smtp.username')} value={username} onChange={(e) => setUsername(e.currentTarget.value)} autoComplete="off" data-testid="smtp-username" />
        <PasswordField
          label={t('mailSettings.smtp.password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="new-password"
          description={settings.passwordSet ? t('mailSettings.smtp.passwordKept') : undefined} data-testid="smtp-password"
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput label={t('mailSettings.smtp.fromEmail')} placeholder="hello@example.com" value={fromEmail} onChange={(e) => setFromEmail(e.currentTarget.value)} error={fromEmail ? issue('from_email') : undefined} data-testid="smtp-from-email" />
        <TextInput label={t('mailSettings.smtp.fromName')} value={fromName} onChange={(e) => setFromName(e.currentTarget.value)} data-testid="smtp-from-name" />
      </Group>
      <FormError error={save.error ?? remove.error} />
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!parsed.success} data-testid="smtp-save">{t('mailSettings.smtp.save')}</Button>
        {settings.configured && (
          <Button variant="subtle" color="red" onClick={() => remove.mutate()} loading={remove.isPending}>{t('mailSettings.smtp.remove')}</Button>
        )}
      </Group>
      {settings.configured && (
        <Stack gap="xs" mt="sm">
          <Title order={4} fz="md">{t('mailSettings.smtp.testTitle')}</Title>
          <Text size="sm" c="dimmed">{t('mailSettings.smtp.testIntro')}</Text>
          <Group align="flex-end">
            <TextInput label={t('mailSettings.smtp.testTo')} placeholder={t('mailSettings.smtp.testToPlaceholder')} value={testTo} onChange={(e) => setTestTo(e.currentTarget.value)} w={320} data-testid="smtp-test-to" />
            <Button variant="light" onClick={() => test.mutate()} loading={test.isPending} data-testid="smtp-test">{t('mailSettings.smtp.test')}</Button>
          </Group>
          <FormError error={test.error} />
          {result && (result.ok
            ? <Alert color="green" data-testid="smtp-test-ok">{t('mailSettings.smtp.testOk')}</Alert>
            : <Alert color="red" title={t('mailSettings.smtp.testFailed')} data-testid="smtp-test-failed">{result.error}</Alert>)}
        </Stack>
      )}
    </Stack>
  )
}

// ---------------------------------------------------------------- double opt-in

function DoubleOptInSection() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const settings = useQuery(doubleOptInQuery())
  const [page, setPage] = useState(1)
  const list = useQuery(optInsQuery(page))
  const save = useMutation({ mutationFn: saveDoubleOptIn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: optInKey }) })
  const pages = Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / 20))
  return (
    <Card withBorder padding="lg" radius="md" maw={760} data-testid="double-opt-in-section">
      <Stack gap="md">
        <Title order={3} fz="lg">{t('mailSettings.optIn.title')}</Title>
        <Text size="sm" c="dimmed">{t('mailSettings.optIn.intro')}</Text>
        <LoadingMask visible={settings.isPending}>
          <FormError error={settings.error ?? save.error} />
          {settings.data && (
            <Stack gap="sm">
              <Switch
                label={t('mailSettings.optIn.required')} description={t('mailSettings.optIn.requiredHelp')} checked={settings.data.required}
                disabled={save.isPending} onChange={(e) => save.mutate(e.currentTarget.checked)} data-testid="double-opt-in-required"
              />
              <Text size="sm">{t('mailSettings.optIn.counts', { pending: settings.data.pendingCount, confirmed: settings.data.confirmedCount })}</Text>
            </Stack>
          )}
        </LoadingMask>
        {list.data && list.data.list.length > 0 && (
          <Stack gap="xs">
            <Title order={4} fz="md">{t('mailSettings.optIn.proofs')}</Title>
            <Table.ScrollContainer minWidth={600}>
              <Table withTableBorder data-testid="opt-in-proofs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('mailSettings.optIn.columns.email')}</Table.Th>
                    <Table.Th>{t('mailSettings.optIn.columns.state')}</Table.Th>
                    <Table.Th>{t('mailSettings.optIn.columns.requested')}</Table.Th>
                    <Table.Th>{t('mailSettings.optIn.columns.confirmed')}</Table.Th>
                    <Table.Th>{t('mailSettings.optIn.columns.ip')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.list.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>{row.email}</Table.Td>
                      <Table.Td><Badge color={row.state === 'confirmed' ? 'green' : 'yellow'} variant="light">{t(`mailSettings.optIn.states.${row.state}`)}</Badge></Table.Td>
                      <Table.Td>{formatDateTime(row.requestedAt, i18n.language)}</Table.Td>
                      <Table.Td>{row.confirmedAt ? formatDateTime(row.confirmedAt, i18n.language) : '–'}</Table.Td>
                      <Table.Td title={row.confirmedUserAgent ?? undefined}>{row.confirmedIp ?? '–'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
          </Stack>
        )}
      </Stack>
    </Card>
  )
}
