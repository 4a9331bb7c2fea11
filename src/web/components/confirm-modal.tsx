import { Button, Group, Stack, Text } from '@mantine/core'
import { useCallback, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal } from './modal'

// The one confirmation before anything is deleted in the back office (docs/decisions/0043-editor-uploads-and-confirmations.md):
// the caller asks `confirm({ name, onConfirm })` from its delete button and renders `modal` once; the
// action runs only after the red button is pressed. Cancel, Escape and the close button do nothing.

export type ConfirmRequest = {
  /** What is deleted, as the user knows it ("Lesson 1", a file name); shown in the question. */
  name: string
  /** Overrides the default question ("Delete “{name}”?"). */
  title?: string
  /** Overrides the default consequence ("This cannot be undone."). */
  text?: ReactNode
  /** Overrides the confirm button's label ("Delete"). */
  confirmLabel?: string
  onConfirm: () => unknown
}

export function useConfirm(): { confirm: (request: ConfirmRequest) => void; modal: ReactNode } {
  const { t } = useTranslation()
  const [request, setRequest] = useState<ConfirmRequest | null>(null)
  const close = useCallback(() => setRequest(null), [])
  const confirm = useCallback((next: ConfirmRequest) => setRequest(next), [])
  const modal = (
    <Modal opened={request !== null} onClose={close} title={request ? (request.title ?? t('confirmDelete.title', { name: request.name })) : ''}>
      {request && (
        <Stack gap="md" data-testid="confirm-modal">
          {typeof request.text === 'string' || request.text === undefined
            ? <Text size="sm">{request.text ?? t('confirmDelete.text')}</Text>
            : request.text}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-testid="confirm-cancel">{t('common.cancel')}</Button>
            <Button
              color="red" data-autofocus
              onClick={() => {
                const action = request.onConfirm
                close()
                action()
              }}
              data-testid="confirm-delete"
            >
              {request.confirmLabel ?? t('confirmDelete.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
  return { confirm, modal }
}
