import { Anchor, Button, Card, Group, Stack, Switch, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { mobileDocumentIds, type MobilePushSetting } from '../../../../shared/schemas/mobile-app'
import { FeatureGate } from '../../../components/feature-off'
import { FormError } from '../../../components/form-error'
import { useMe } from '../../../lib/session'
import { mobilePushKey, mobilePushSettingsQuery, saveMobilePushSettings } from '../api/mobile-app'

// /cabinet/mobile_app (docs/decisions/0086-live-shopping-and-mobile-app.md): which of the seller's notifications the
// app's users get as push notifications, and the addresses the app reads the seller's legal documents from.
// Behind the mobile_app flag.

export function MobileAppPage() {
  return <FeatureGate flag="mobile_app"><MobileAppContent /></FeatureGate>
}

function MobileAppContent() {
  const { t } = useTranslation()
  const client = useQueryClient()
  const me = useMe()
  const settings = useQuery(mobilePushSettingsQuery)
  const [list, setList] = useState<MobilePushSetting[]>([])
  useEffect(() => { if (settings.data) setList(settings.data.list) }, [settings.data])
  const save = useMutation({
    mutationFn: () => saveMobilePushSettings(list),
    onSuccess: (answer) => {
      client.setQueryData(mobilePushKey, answer)
      notifications.show({ color: 'green', message: t('mobileApp.saved') })
    },
  })
  const sellerId = me.data?.seller?.id
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  return (
    <Stack>
      <Title order={2}>{t('mobileApp.title')}</Title>
      <Text c="dimmed" size="sm">{t('mobileApp.lead')}</Text>
      <FormError error={settings.error} />
      <Card withBorder>
        <Stack component="form" gap="sm" onSubmit={(e) => { e.preventDefault(); save.mutate() }} data-testid="mobile-push-form">
          <Title order={4}>{t('mobileApp.pushTitle')}</Title>
          <Table>
            <Table.Thead><Table.Tr><Table.Th>{t('notifications.settings.type')}</Table.Th><Table.Th>{t('mobileApp.push')}</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {list.map((s) => (
                <Table.Tr key={s.type} data-testid="mobile-push-row" data-type={s.type}>
                  <Table.Td>{t(`notifications.types.${s.type}`)}</Table.Td>
                  <Table.Td>
                    <Switch checked={s.push} aria-label={t(`notifications.types.${s.type}`)} data-testid="mobile-push-switch"
                      onChange={(e) => { const push = e.currentTarget.checked; setList((all) => all.map((x) => (x.type === s.type ? { ...x, push } : x))) }} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <FormError error={save.error} />
          <Group justify="flex-end"><Button type="submit" loading={save.isPending} disabled={list.length === 0} data-testid="mobile-push-save">{t('mobileApp.save')}</Button></Group>
        </Stack>
      </Card>
      {sellerId !== undefined && (
        <Card withBorder>
          <Stack gap="xs">
            <Title order={4}>{t('mobileApp.documentsTitle')}</Title>
            <Text size="sm" c="dimmed">{t('mobileApp.documentsLead')}</Text>
            {mobileDocumentIds.map((id) => {
              const href = `${origin}/api/v1/shop/${sellerId}/mobile_app/document/${id}`
              return <Text key={id} size="sm">{t(`mobileApp.documents.${id}`)}: <Anchor href={href} target="_blank" rel="noopener">{href}</Anchor></Text>
            })}
          </Stack>
        </Card>
      )}
    </Stack>
  )
}
