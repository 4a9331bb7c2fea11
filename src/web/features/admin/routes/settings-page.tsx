import { Alert, Badge, Card, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { platformSettingsQuery } from '../api/users'

// /admin/settings: the platform settings the code reads (home country, fees, test mode), as the environment
// sets them; changing one is a deployment's configuration change (docs/decisions/0056-managers-admin-mode.md).

const percent = (bps: number) => `${(bps / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })} %`

export function PlatformSettingsPage() {
  const { t } = useTranslation()
  const settings = useQuery(platformSettingsQuery())
  const s = settings.data
  const onOff = (on: boolean) => <Badge color={on ? 'yellow' : 'gray'} variant="light">{on ? t('platformSettings.on') : t('platformSettings.off')}</Badge>
  const rows: [string, string, React.ReactNode][] = s ? [
    ['HOME_COUNTRY', t('platformSettings.homeCountry'), s.homeCountry],
    ['PAYMENTS_TEST_MODE', t('platformSettings.testMode'), onOff(s.paymentsTestMode)],
    ['CONNECT_FEE_BPS', t('platformSettings.connectFee'), percent(s.connectFeeBps)],
    ['PLATFORM_FEE_BPS', t('platformSettings.platformFee'), percent(s.platformFeeBps)],
    ['TEST_CLOCK', t('platformSettings.testClock'), onOff(s.testClock)],
    ['ADMIN_MODE_TTL_SECONDS', t('platformSettings.adminModeTtl'), t('platformSettings.minutes', { count: Math.round(s.adminModeTtlSeconds / 60) })],
  ] : []
  return (
    <Stack gap="lg" data-testid="admin-settings-page">
      <Stack gap={4}>
        <Title order={2}>{t('platformSettings.pageTitle')}</Title>
        <Text c="dimmed">{t('platformSettings.pageText')}</Text>
      </Stack>
      <Alert color="blue">{t('platformSettings.howToChange')}</Alert>
      <Card withBorder padding="lg" radius="md" maw={760}>
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
      </Card>
    </Stack>
  )
}
