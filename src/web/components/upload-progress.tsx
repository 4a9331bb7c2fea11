import { Button, Group, Progress, Stack, Text } from '@mantine/core'
import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { IconX } from '@tabler/icons-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isCanceled, type UploadProgress } from '../lib/api-client'

// Uploads with a progress bar, the percentage and a cancel button (docs/decisions/0043-editor-uploads-and-confirmations.md).
// The mutation function receives a `transfer` to hand to the api call; cancelling aborts the request,
// and a canceled upload is neither an error nor a success.

/** What an upload call passes on to the api client: its abort signal and progress callback. */
export type Transfer = { signal: AbortSignal; onUploadProgress: (progress: UploadProgress) => void }

/** Whole percent sent, 0..100; null while the size is unknown. */
export function percentOf(progress: UploadProgress): number | null {
  if (progress.total <= 0) return null
  return Math.min(100, Math.floor((progress.loaded / progress.total) * 100))
}

export function UploadProgressBar({ progress, name, onCancel }: { progress: UploadProgress; name?: string; onCancel: () => void }) {
  const { t } = useTranslation()
  const percent = percentOf(progress)
  const label = name ? t('upload.sendingNamed', { name }) : t('upload.sending')
  return (
    <Stack gap={4} data-testid="upload-progress" data-percent={percent ?? ''}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" truncate>{label}</Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} data-testid="upload-percent">{percent === null ? '…' : t('upload.percent', { percent })}</Text>
          <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconX size={12} />} onClick={onCancel} data-testid="upload-cancel">
            {t('upload.cancel')}
          </Button>
        </Group>
      </Group>
      <Progress value={percent ?? 100} animated={percent === null || percent === 100} aria-label={label} />
    </Stack>
  )
}

type Options<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>

/**
 * useMutation for an upload: `mutationFn(variables, transfer)` passes `transfer` to the api call;
 * `progress` is the bar to render while it runs (null otherwise); `error` leaves out cancellations.
 */
export function useUploadMutation<TData, TVariables>(
  mutationFn: (variables: TVariables, transfer: Transfer) => Promise<TData>,
  options: Options<TData, TVariables> & { name?: (variables: TVariables) => string } = {},
) {
  const [sent, setSent] = useState<UploadProgress | null>(null)
  const controller = useRef<AbortController | null>(null)
  useEffect(() => () => controller.current?.abort(), [])
  const { name, ...rest } = options
  const mutation = useMutation<TData, Error, TVariables>({
    ...rest,
    mutationFn: async (variables) => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      setSent({ loaded: 0, total: 0 })
      try {
        return await mutationFn(variables, { signal: current.signal, onUploadProgress: (p) => setSent(p) })
      } finally {
        if (controller.current === current) {
          controller.current = null
          setSent(null)
        }
      }
    },
  })
  const cancel = () => controller.current?.abort()
  const progress: ReactNode = mutation.isPending && sent
    ? <UploadProgressBar progress={sent} name={mutation.variables !== undefined && name ? name(mutation.variables) : undefined} onCancel={cancel} />
    : null
  return { ...mutation, error: isCanceled(mutation.error) ? null : mutation.error, cancel, progress }
}
