import { Button, Group, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { updateSeller, type SellerFlags } from '../api/update-seller'

// Confirms one change of a seller's flags (docs/reference/readings.md 23) before it is sent: power seller (their paid
// products are reviewed before they go live) or blocked (cannot sell, loses the cabinet and the shop).

export type SellerFlagChange = { sellerId: number; username: string; flag: 'power_seller' | 'blocked'; value: boolean }

function textKeys(change: SellerFlagChange): { title: string; text: string; confirm: string; color: string } {
  if (change.flag === 'power_seller') {
    return change.value
      ? { title: 'sellers.makePowerTitle', text: 'sellers.makePowerText', confirm: 'sellers.makePower', color: 'indigo' }
      : { title: 'sellers.removePowerTitle', text: 'sellers.removePowerText', confirm: 'sellers.removePower', color: 'gray' }
  }
  return change.value
    ? { title: 'sellers.blockTitle', text: 'sellers.blockText', confirm: 'sellers.block', color: 'red' }
    : { title: 'sellers.unblockTitle', text: 'sellers.unblockText', confirm: 'sellers.unblock', color: 'green' }
}

export function SellerFlagModal({ change, onClose, onDone }: {
  change: SellerFlagChange | null; onClose: () => void; onDone: (flags: SellerFlags) => void
}) {
  const { t } = useTranslation()
  // The last change stays shown while the modal closes, so its text does not vanish mid-transition.
  const [shown, setShown] = useState(change)
  if (change && change !== shown) setShown(change)
  const save = useMutation({
    mutationFn: (c: SellerFlagChange) => updateSeller(c.sellerId, c.flag === 'power_seller' ? { power_seller: c.value } : { blocked: c.value }),
    onSuccess: (flags) => {
      save.reset()
      onDone(flags)
    },
  })
  const close = () => {
    save.reset()
    onClose()
  }
  const keys = shown ? textKeys(shown) : null
  return (
    <Modal opened={change !== null} onClose={close} size="md" title={shown && keys ? t(keys.title, { username: shown.username }) : ''}>
      {shown && keys && (
        <Stack data-testid="seller-flag-confirm">
          <Text size="sm">{t(keys.text, { username: shown.username })}</Text>
          <FormError error={save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>{t('common.cancel')}</Button>
            <Button color={keys.color} loading={save.isPending} disabled={change === null} onClick={() => change && save.mutate(change)} data-testid="seller-flag-confirm-submit">
              {t(keys.confirm)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
