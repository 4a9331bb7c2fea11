import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '../../../components/confirm-modal'
import { ApiError } from '../../../lib/api-client'
import { cancelBySeller, feePercent, requestReseller, resellersKey, sellerResellerQuery, setSellingPaused } from '../api/resellers'
import { ApprovalsTable } from '../components/approvals-table'

// /cabinet/reseller (docs/decisions/0051-resellers.md): the seller's selling mode with pause and resume, the
// active resellers with their fees (the fee is shown before asking and frozen on the request), and the
// history of requests with the resellers' reasons. Shown with the reseller journey flag only.

const modeColors: Record<string, string> = { selling_by_ownself: 'blue', selling_via_reseller: 'green', selling_none: 'red' }

export function CabinetResellerPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const page = useQuery(sellerResellerQuery())
  const { confirm, modal } = useConfirm()
  const refresh = () => void queryClient.invalidateQueries({ queryKey: resellersKey })
  const done = (message: string) => {
    refresh()
    notifications.show({ color: 'green', autoClose: 4000, message })
  }
  const ask = useMutation({ mutationFn: requestReseller, onSuccess: () => done(t('resellers.cabinet.requested')) })
  const cancel = useMutation({ mutationFn: (id: number) => cancelBySeller(id, {}), onSuccess: () => done(t('resellers.cabinet.canceled')) })
  const pause = useMutation({ mutationFn: setSellingPaused, onSuccess: refresh })

  if (page.error instanceof ApiError && page.error.type === 'feature_disabled') {
    return <Alert color="gray" title={t('resellers.cabinet.title')} data-testid="reseller-feature-off">{t('resellers.cabinet.featureOff')}</Alert>
  }
  if (!page.data) return <Skeleton h={320} radius="md" />
  const data = page.data
  const open = data.approvals.find((a) => a.state === 'waiting' || a.state === 'approved')
  const paused = data.sellingMode === 'selling_none'

  return (
    <Stack gap="lg" data-testid="cabinet-reseller-page">
      <Stack gap={4}>
        <Title order={2}>{t('resellers.cabinet.title')}</Title>
        <Text c="dimmed">{t('resellers.cabinet.intro')}</Text>
      </Stack>
      <Paper withBorder p="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Text fw={600}>{t('resellers.cabinet.mode')}</Text>
            <Badge color={modeColors[data.sellingMode]} variant="light" size="lg" data-testid="selling-mode">{t(`resellers.modes.${data.sellingMode}`)}</Badge>
            {data.reseller && <Text size="sm" data-testid="selling-reseller">{t('resellers.cabinet.soldBy', { name: data.reseller.legalName, fee: feePercent(data.reseller.feeBps, i18n.language) })}</Text>}
            <Text size="sm" c="dimmed">{t(paused ? 'resellers.cabinet.pausedText' : 'resellers.cabinet.pauseText')}</Text>
          </Stack>
          <Button variant={paused ? 'filled' : 'default'} color={paused ? 'green' : 'red'} loading={pause.isPending} onClick={() => pause.mutate(!paused)} data-testid="selling-pause-toggle">
            {t(paused ? 'resellers.cabinet.resume' : 'resellers.cabinet.pause')}
          </Button>
        </Group>
      </Paper>
      <Stack gap="xs">
        <Title order={3}>{t('resellers.cabinet.available')}</Title>
        {open && <Alert color="blue" variant="light" data-testid="reseller-open-note">{t('resellers.cabinet.openNote')}</Alert>}
        {data.resellers.length === 0 ? <Text c="dimmed" size="sm">{t('resellers.cabinet.none')}</Text> : (
          <Table data-testid="reseller-offers">
            <Table.Thead>
              <Table.Tr><Table.Th>{t('resellers.columns.reseller')}</Table.Th><Table.Th>{t('resellers.columns.country')}</Table.Th><Table.Th>{t('resellers.columns.fee')}</Table.Th><Table.Th /></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.resellers.map((r) => (
                <Table.Tr key={r.id} data-testid={`reseller-offer-${r.id}`}>
                  <Table.Td>{r.legalName}</Table.Td>
                  <Table.Td>{r.city}, {r.countryCode}</Table.Td>
                  <Table.Td>{feePercent(r.feeBps, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <Button size="xs" disabled={open !== undefined} loading={ask.isPending && ask.variables === r.id} data-testid={`reseller-request-${r.id}`}
                        onClick={() => confirm({
                          name: r.legalName, title: t('resellers.cabinet.confirmTitle', { name: r.legalName }),
                          text: t('resellers.cabinet.confirmText', { name: r.legalName, fee: feePercent(r.feeBps, i18n.language) }),
                          confirmLabel: t('resellers.cabinet.request'), onConfirm: () => ask.mutate(r.id),
                        })}>
                        {t('resellers.cabinet.request')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={3}>{t('resellers.approvals.title')}</Title>
        <ApprovalsTable approvals={data.approvals} side="seller" actions={(a) => (a.state === 'waiting' || a.state === 'approved') && (
          <Button size="xs" variant="subtle" color="red" loading={cancel.isPending && cancel.variables === a.id} data-testid={`reseller-cancel-${a.id}`}
            onClick={() => confirm({
              name: a.resellerName, title: t(a.state === 'waiting' ? 'resellers.cabinet.withdrawTitle' : 'resellers.cabinet.endTitle'),
              text: t('resellers.cabinet.endText'), confirmLabel: t(a.state === 'waiting' ? 'resellers.cabinet.withdraw' : 'resellers.cabinet.end'), onConfirm: () => cancel.mutate(a.id),
            })}>
            {t(a.state === 'waiting' ? 'resellers.cabinet.withdraw' : 'resellers.cabinet.end')}
          </Button>
        )} />
      </Stack>
      {modal}
    </Stack>
  )
}
