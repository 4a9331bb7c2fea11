import { Alert, Badge, Button, Card, Checkbox, Code, CopyButton, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconAlertTriangle, IconCopy, IconKey } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { apiKeyAreas, type ApiKeyScope } from '../../../../shared/schemas/api-keys'
import { useConfirm } from '../../../components/confirm-modal'
import { FormError } from '../../../components/form-error'
import { formatDateTime } from '../../../lib/format'
import { apiKeysKey, apiKeysQuery, createApiKey, revokeApiKey } from '../api/api-keys'

// /cabinet/api_keys: the seller's personal API keys (docs/decisions/0073-seller-api-keys.md). A key is made
// with a read or write level per area; its token is shown once, here, with a copy button.

type Level = 'none' | 'read' | 'write'

function CreateForm({ onCreated }: { onCreated: (token: string) => void }) {
  const { t } = useTranslation()
  const [name, setName] = useState('')
  const [levels, setLevels] = useState<Record<string, Level>>({})
  const create = useMutation({ mutationFn: createApiKey, onSuccess: (made) => { setName(''); setLevels({}); onCreated(made.apiKey.token) } })
  const scopes = Object.entries(levels).filter(([, level]) => level !== 'none').map(([area, level]) => `${area}:${level}` as ApiKeyScope)
  // Write includes read: ticking write ticks read; unticking read clears write.
  const toggle = (area: string, level: 'read' | 'write', on: boolean) =>
    setLevels((l) => ({ ...l, [area]: on ? level : level === 'write' ? 'read' : 'none' }))
  return (
    <Card withBorder component="form" data-testid="api-key-form" onSubmit={(event) => { event.preventDefault(); create.mutate({ name, scopes }) }}>
      <Stack gap="sm">
        <Title order={4}>{t('apiKeys.create')}</Title>
        <TextInput label={t('apiKeys.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="api-key-name" />
        <Table withRowBorders={false}>
          <Table.Thead>
            <Table.Tr><Table.Th>{t('apiKeys.area')}</Table.Th><Table.Th>{t('apiKeys.read')}</Table.Th><Table.Th>{t('apiKeys.write')}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {apiKeyAreas.map((area) => (
              <Table.Tr key={area}>
                <Table.Td>{t(`apiKeys.areas.${area}`)}</Table.Td>
                <Table.Td><Checkbox aria-label={`${area}:read`} data-testid={`scope-${area}-read`} checked={levels[area] === 'read' || levels[area] === 'write'}
                  onChange={(e) => toggle(area, 'read', e.currentTarget.checked)} /></Table.Td>
                <Table.Td><Checkbox aria-label={`${area}:write`} data-testid={`scope-${area}-write`} checked={levels[area] === 'write'}
                  onChange={(e) => toggle(area, 'write', e.currentTarget.checked)} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <FormError error={create.error} />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconKey size={16} />} disabled={!name.trim() || scopes.length === 0} loading={create.isPending} data-testid="api-key-submit">
            {t('apiKeys.createButton')}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}

export function ApiKeysPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const keys = useQuery(apiKeysQuery())
  const [token, setToken] = useState<string | null>(null)
  const { confirm, modal } = useConfirm()
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeysKey })
  const revoke = useMutation({ mutationFn: revokeApiKey, onSuccess: () => void refresh() })
  return (
    <Stack gap="lg">
      <Title order={2}>{t('apiKeys.title')}</Title>
      <Text c="dimmed" size="sm">{t('apiKeys.intro')}</Text>
      {token && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t('apiKeys.tokenTitle')} data-testid="api-key-token">
          <Stack gap="xs">
            <Text size="sm">{t('apiKeys.tokenWarning')}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="api-key-token-value" style={{ wordBreak: 'break-all' }}>{token}</Code>
              <CopyButton value={token}>
                {({ copied, copy }) => <Button size="xs" variant="light" leftSection={<IconCopy size={14} />} onClick={copy}>{copied ? t('apiKeys.copied') : t('apiKeys.copy')}</Button>}
              </CopyButton>
            </Group>
            <Group><Button size="xs" variant="subtle" onClick={() => setToken(null)}>{t('apiKeys.tokenDone')}</Button></Group>
          </Stack>
        </Alert>
      )}
      <CreateForm onCreated={(made) => { setToken(made); void refresh() }} />
      {keys.data && keys.data.list.length === 0 && <Text c="dimmed" data-testid="api-keys-empty">{t('apiKeys.empty')}</Text>}
      {keys.data && keys.data.list.length > 0 && (
        <Table data-testid="api-keys-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('apiKeys.name')}</Table.Th><Table.Th>{t('apiKeys.scopes')}</Table.Th><Table.Th>{t('apiKeys.prefix')}</Table.Th>
              <Table.Th>{t('apiKeys.created')}</Table.Th><Table.Th>{t('apiKeys.lastUsed')}</Table.Th><Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.data.list.map((key) => (
              <Table.Tr key={key.id} data-testid="api-key-row">
                <Table.Td>{key.name}</Table.Td>
                <Table.Td><Group gap={4}>{key.scopes.map((scope) => <Badge key={scope} variant="light" size="sm">{scope}</Badge>)}</Group></Table.Td>
                <Table.Td><Code>{key.tokenPrefix}…</Code></Table.Td>
                <Table.Td>{formatDateTime(key.createdAt, i18n.language)}</Table.Td>
                <Table.Td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt, i18n.language) : t('apiKeys.never')}</Table.Td>
                <Table.Td>
                  {key.revokedAt
                    ? <Badge color="gray">{t('apiKeys.revoked')}</Badge>
                    : <Button size="xs" color="red" variant="light" data-testid="api-key-revoke"
                      onClick={() => confirm({ name: key.name, title: t('apiKeys.revokeTitle', { name: key.name }), text: t('apiKeys.revokeText'), confirmLabel: t('apiKeys.revoke'), onConfirm: () => revoke.mutateAsync(key.id) })}>
                      {t('apiKeys.revoke')}
                    </Button>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {modal}
    </Stack>
  )
}
