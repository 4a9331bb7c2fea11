import { ActionIcon, Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconPencil, IconPlus, IconStar, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from '../../../components/form-error'
import { LoadingMask } from '../../../components/loading-mask'
import { Modal } from '../../../components/modal'
import { deleteCheckoutSettings } from '../api/delete-checkout-settings'
import { checkoutSettingsListQuery } from '../api/list-checkout-settings'
import { setDefaultCheckoutSettings } from '../api/set-default-checkout-settings'
import { checkoutSettingsKey, type CheckoutSettings } from '../api/types'
import { CheckoutSettingsForm } from '../components/checkout-settings-form'

// /cabinet/settings/checkout: the seller's checkout settings. The default applies to every product that
// chose none; it cannot be deleted, another one can be made the default.

export function CheckoutSettingsPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const list = useQuery(checkoutSettingsListQuery())
  const [open, setOpen] = useState<{ settings?: CheckoutSettings } | null>(null)
  const [deleting, setDeleting] = useState<CheckoutSettings | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: checkoutSettingsKey })
  const makeDefault = useMutation({ mutationFn: (id: number) => setDefaultCheckoutSettings(id), onSuccess: () => void refresh() })
  const remove = useMutation({
    mutationFn: (id: number) => deleteCheckoutSettings(id),
    onSuccess: () => {
      setDeleting(null)
      void refresh()
    },
  })
  return (
    <Stack gap="lg" data-testid="checkout-settings-page">
      <Group justify="space-between">
        <Stack gap={4}>
          <Title order={2}>{t('checkoutSettings.title')}</Title>
          <Text size="sm" c="dimmed">{t('checkoutSettings.intro')}</Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen({})} data-testid="checkout-settings-new">{t('checkoutSettings.new')}</Button>
      </Group>
      <LoadingMask visible={list.isPending}>
        <FormError error={list.error ?? makeDefault.error} />
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
          {(list.data?.list ?? []).map((settings) => (
            <Card key={settings.id} withBorder padding="md" radius="md" data-testid="checkout-settings-card">
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs">
                    <Text fw={600}>{settings.name}</Text>
                    {settings.isDefault && <Badge variant="light" color="green">{t('checkoutSettings.default')}</Badge>}
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    {!settings.isDefault && (
                      <Tooltip label={t('checkoutSettings.makeDefault')}>
                        <ActionIcon variant="subtle" aria-label={t('checkoutSettings.makeDefault')} loading={makeDefault.isPending} onClick={() => makeDefault.mutate(settings.id)}><IconStar size={16} /></ActionIcon>
                      </Tooltip>
                    )}
                    <ActionIcon variant="subtle" aria-label={t('checkoutSettings.edit')} onClick={() => setOpen({ settings })}><IconPencil size={16} /></ActionIcon>
                    {!settings.isDefault && (
                      <ActionIcon variant="subtle" color="red" aria-label={t('checkoutSettings.delete')} onClick={() => setDeleting(settings)}><IconTrash size={16} /></ActionIcon>
                    )}
                  </Group>
                </Group>
                <Text size="sm" c="dimmed">
                  {t(`checkoutSettings.layouts.${settings.layout}`)} · {t(`checkoutSettings.buyerInformation.${settings.buyerInformation}`)} · {t('checkoutSettings.productsCount', { count: settings.productsCount })}
                </Text>
                <Group gap="xs">
                  {[settings.theme.buyButtonColor, settings.theme.pageColor, settings.theme.backgroundColor, settings.theme.fontColor].map((c, i) => (
                    <Box key={i} w={20} h={20} style={{ background: c, borderRadius: 4, border: '1px solid #dee2e6' }} title={c} />
                  ))}
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </LoadingMask>
      <Modal opened={open !== null} onClose={() => setOpen(null)} size="90rem" title={open?.settings ? t('checkoutSettings.edit') : t('checkoutSettings.new')}>
        {open && (
          <CheckoutSettingsForm key={open.settings?.id ?? 'new'} settings={open.settings} onCancel={() => setOpen(null)} onDone={() => {
            setOpen(null)
            void refresh()
          }} />
        )}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('checkoutSettings.delete')}>
        <Stack>
          <Text>{t('checkoutSettings.deleteText', { name: deleting?.name ?? '' })}</Text>
          <FormError error={remove.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>{t('common.cancel')}</Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)}>{t('checkoutSettings.delete')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
