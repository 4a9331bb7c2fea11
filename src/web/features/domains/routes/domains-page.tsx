import { ActionIcon, Alert, Button, Card, Code, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createSubdomainInput, subdomainTtlOptions, type SubdomainTtl } from '../../../../shared/schemas/domains'
import { asciiHostname } from '../../../../shared/validation/hostname'
import { useConfirm } from '../../../components/confirm-modal'
import { FormError } from '../../../components/form-error'
import { StatusBadge } from '../../../components/status-badge'
import { formatDateTime } from '../../../lib/format'
import { checkDomain, claimSubdomain, connectDomain, disconnectDomain, domainsKey, domainsQuery, releaseSubdomain, type Domain } from '../api/domains'
import { FeatureGate } from '../../../components/feature-off'

// /cabinet/domains: custom domains with their DNS records and states ("Check now", disconnect) and the
// Sellfront subdomain (claim with a record TTL, release); docs/decisions/0060-domains.md.

const tone: Record<string, string> = { waiting: 'pending', active: 'active', error: 'error', active_with_ssl: 'successful', submitted: 'active', deleted: 'canceled' }

function Records({ domain }: { domain: Domain }) {
  const { t } = useTranslation()
  const rows = [domain.records.txt, domain.records.cname]
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">{t('domains.instructions')}</Text>
      <Table withTableBorder fz="sm" data-testid="domain-records">
        <Table.Thead><Table.Tr><Table.Th>{t('domains.recordType')}</Table.Th><Table.Th>{t('domains.recordName')}</Table.Th><Table.Th>{t('domains.recordValue')}</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.type}><Table.Td>{r.type}</Table.Td><Table.Td><Code>{r.name}</Code></Table.Td><Table.Td><Code>{r.value}</Code></Table.Td></Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  )
}

function DomainCard({ domain, onChanged }: { domain: Domain; onChanged: () => void }) {
  const { t, i18n } = useTranslation()
  const { confirm, modal } = useConfirm()
  const check = useMutation({ mutationFn: () => checkDomain(domain.id), onSuccess: onChanged })
  const remove = () => confirm({
    name: domain.displayDomain, title: t('domains.removeTitle', { domain: domain.displayDomain }), text: t('domains.removeText'), confirmLabel: t('domains.remove'),
    onConfirm: async () => { await disconnectDomain(domain.id); onChanged() },
  })
  const served = domain.state === 'active' || domain.state === 'active_with_ssl'
  return (
    <Card withBorder data-testid="domain-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Text fw={600}>{domain.displayDomain}</Text>
            <StatusBadge status={tone[domain.state] ?? domain.state} label={t(`domains.states.${domain.state}`)} />
          </Group>
          <Group gap={4} wrap="nowrap">
            <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} loading={check.isPending} onClick={() => check.mutate()} data-testid="domain-check">{t('domains.checkNow')}</Button>
            <ActionIcon variant="subtle" color="red" aria-label={t('domains.remove')} onClick={remove}><IconTrash size={16} /></ActionIcon>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">{t('domains.columns.checkedAt')}: {domain.checkedAt ? formatDateTime(domain.checkedAt, i18n.language) : t('domains.never')}</Text>
        {domain.checkError && <Alert color="red" variant="light" data-testid="domain-error">{domain.checkError}</Alert>}
        {!served && <Records domain={domain} />}
      </Stack>
      {modal}
    </Card>
  )
}

function ConnectForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const [value, setValue] = useState('')
  const [error, setError] = useState<unknown>(null)
  const submit = async () => {
    setError(null)
    const checked = asciiHostname(value)
    if (!checked.ok) {
      setError(new Error(checked.reason))
      return
    }
    try {
      await connectDomain(checked.host)
      setValue('')
      onDone()
    } catch (caught) {
      setError(caught)
    }
  }
  return (
    <Stack gap="xs" component="form" onSubmit={(event) => { event.preventDefault(); void submit() }}>
      <Group align="flex-end">
        <TextInput style={{ flex: 1 }} label={t('domains.domain')} description={t('domains.domainHint')} placeholder="shop.example.com" value={value} onChange={(e) => setValue(e.currentTarget.value)} data-testid="domain-input" />
        <Button type="submit" leftSection={<IconPlus size={16} />} data-testid="domain-add">{t('domains.add')}</Button>
      </Group>
      <FormError error={error} />
    </Stack>
  )
}

function SubdomainCard({ suffix, onChanged, subdomain }: { suffix: string; onChanged: () => void; subdomain: { host: string; state: string; ttl: number } | null }) {
  const { t } = useTranslation()
  const { confirm, modal } = useConfirm()
  const [name, setName] = useState('')
  const [ttl, setTtl] = useState<SubdomainTtl>(3600)
  const [error, setError] = useState<unknown>(null)
  const claim = async () => {
    setError(null)
    const input = createSubdomainInput.safeParse({ name: name.trim().toLowerCase(), ttl })
    if (!input.success) {
      setError(new Error(t('domains.invalidName')))
      return
    }
    try {
      await claimSubdomain(input.data)
      setName('')
      onChanged()
    } catch (caught) {
      setError(caught)
    }
  }
  return (
    <Card withBorder data-testid="subdomain-card">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={4}>{t('domains.subdomain')}</Title>
          <Text size="sm" c="dimmed">{t('domains.subdomainLead', { suffix })}</Text>
        </Stack>
        {subdomain ? (
          <Group justify="space-between">
            <Group gap="sm">
              <Text fw={600} data-testid="subdomain-host">{subdomain.host}</Text>
              <StatusBadge status={tone[subdomain.state] ?? subdomain.state} label={t(`domains.states.${subdomain.state}`)} />
              <Text size="xs" c="dimmed">{t('domains.ttl')}: {t(`domains.ttlOptions.${subdomain.ttl}`, { defaultValue: `${subdomain.ttl} s` })}</Text>
            </Group>
            <Button
              variant="subtle" color="red" size="xs"
              onClick={() => confirm({ name: subdomain.host, title: t('domains.releaseTitle', { host: subdomain.host }), text: t('domains.releaseText'), confirmLabel: t('domains.release'), onConfirm: async () => { await releaseSubdomain(); onChanged() } })}
            >{t('domains.release')}</Button>
          </Group>
        ) : (
          <Stack gap="xs" component="form" onSubmit={(event) => { event.preventDefault(); void claim() }}>
            <Group align="flex-end">
              <TextInput style={{ flex: 1 }} label={t('domains.subdomainName')} rightSection={<Text size="xs" c="dimmed">.{suffix}</Text>} rightSectionWidth={Math.min(220, suffix.length * 8 + 24)} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="subdomain-input" />
              <Select
                w={140} label={t('domains.ttl')} allowDeselect={false} value={String(ttl)} onChange={(v) => v && setTtl(Number(v) as SubdomainTtl)}
                data={subdomainTtlOptions.map((o) => ({ value: String(o), label: t(`domains.ttlOptions.${o}`) }))}
              />
              <Button type="submit" data-testid="subdomain-claim">{t('domains.claim')}</Button>
            </Group>
            <FormError error={error} />
          </Stack>
        )}
      </Stack>
      {modal}
    </Card>
  )
}

/** Behind the domains flag: the notice of docs/decisions/0077-feature-flags.md when it is off. */
export function DomainsPage() {
  return <FeatureGate flag="domains"><DomainsPageContent /></FeatureGate>
}

function DomainsPageContent() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const overview = useQuery(domainsQuery())
  const refresh = () => void queryClient.invalidateQueries({ queryKey: domainsKey })
  const data = overview.data
  return (
    <Stack gap="lg" data-testid="domains-page">
      <Stack gap={2}>
        <Title order={2}>{t('domains.title')}</Title>
        <Text c="dimmed" size="sm">{t('domains.lead')}</Text>
      </Stack>
      {data && <SubdomainCard suffix={data.settings.subdomainSuffix} subdomain={data.subdomain} onChanged={refresh} />}
      <Stack gap="sm">
        <Title order={4}>{t('domains.custom')}</Title>
        <ConnectForm onDone={refresh} />
        {data?.domains.length === 0 && <Text size="sm" c="dimmed">{t('domains.empty')}</Text>}
        {data?.domains.map((d) => <DomainCard key={d.id} domain={d} onChanged={refresh} />)}
      </Stack>
    </Stack>
  )
}
