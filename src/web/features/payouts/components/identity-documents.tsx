import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconEye, IconTrash, IconUpload } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { KycDocumentKind } from '../../../../shared/payouts/documents'
import { kycLimits } from '../../../../shared/payouts/documents'
import { isApiError } from '../../../lib/api-client'
import { deleteDocument, legitimationKey, openDocument, uploadDocument, type KycDocument, type Legitimation, type PartyArea } from '../api/identity'

// The documents step of the identity check (docs/decisions/0049-money-out.md "Identity"): one card per kind
// the business type allows, required ones first, with the newest upload's state, a refusal's reason and an
// upload button. The server checks the file's first bytes and size; the browser only narrows the picker.

const stateColor: Record<string, string> = { created: 'blue', init: 'blue', validation_asked: 'yellow', validated: 'green', refused: 'red', incomplete: 'red' }

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

export function DocumentStateBadge({ state }: { state: string }) {
  const { t } = useTranslation()
  return <Badge color={stateColor[state] ?? 'gray'} variant="light" data-state={state}>{t(`moneyIdentity.docStates.${state}`, { defaultValue: state })}</Badge>
}

function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : String(error)
}

function DocumentCard({ area, kind, document, required, editable }: { area: PartyArea; kind: KycDocumentKind; document: KycDocument | undefined; required: boolean; editable: boolean }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const label = t(`moneyIdentity.documents.kinds.${kind}`)
  const upload = useMutation({
    mutationFn: (file: File) => uploadDocument(area, kind, file),
    onSuccess: (legitimation) => {
      queryClient.setQueryData(legitimationKey(area), legitimation)
      notifications.show({ color: 'green', message: t('moneyIdentity.uploaded', { document: label }) })
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  })
  const remove = useMutation({
    mutationFn: (id: number) => deleteDocument(area, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: legitimationKey(area) }),
  })
  const canUpload = editable && document?.state !== 'validation_asked' && document?.state !== 'validated'
  return (
    <Card withBorder padding="md" data-testid={`identity-doc-${kind}`} data-state={document?.state ?? 'none'}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={500}>{label}</Text>
          {document ? <DocumentStateBadge state={document.state} /> : <Badge color="gray" variant="outline">{required ? t('moneyIdentity.documents.required') : t('moneyIdentity.documents.optional')}</Badge>}
        </Group>
        {document
          ? <Text size="sm" c="dimmed" data-testid={`identity-doc-file-${kind}`}>{document.fileName} · {formatSize(document.size)}</Text>
          : <Text size="sm" c="dimmed">{t('moneyIdentity.documents.none')}</Text>}
        {document?.state === 'refused' && (
          <Alert color="red" p="xs" data-testid={`identity-doc-refused-${kind}`}>
            {t('moneyIdentity.documents.refused', { reason: t(`moneyIdentity.refusalReasons.${document.refusedReason ?? 'other'}`) })}
            {document.refusedComment ? ` ${document.refusedComment}` : ''}
          </Alert>
        )}
        <Group gap="xs">
          <input
            ref={input} type="file" hidden accept={kycLimits.contentTypes.join(',')} data-testid={`identity-upload-${kind}`}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0]
              event.currentTarget.value = ''
              if (file) upload.mutate(file)
            }}
          />
          <Button size="xs" leftSection={<IconUpload size={14} />} onClick={() => input.current?.click()} loading={upload.isPending} disabled={!canUpload}>
            {document ? t('moneyIdentity.actions.replace') : t('moneyIdentity.actions.upload')}
          </Button>
          {document && (
            <Button size="xs" variant="subtle" leftSection={<IconEye size={14} />} onClick={() => void openDocument(document.id, area)}>
              {t('moneyIdentity.actions.view')}
            </Button>
          )}
          {document?.state === 'created' && editable && (
            <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} loading={remove.isPending} onClick={() => remove.mutate(document.id)}>
              {t('moneyIdentity.actions.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  )
}

export function IdentityDocuments({ area, legitimation, editable }: { area: PartyArea; legitimation: Legitimation; editable: boolean }) {
  const { t } = useTranslation()
  const required = new Set<string>(legitimation.requiredDocuments)
  const kinds = [...legitimation.requiredDocuments, ...legitimation.allowedDocuments.filter((k) => !required.has(k))]
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">{t('moneyIdentity.documents.hint')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {kinds.map((kind) => (
          <DocumentCard
            key={kind} area={area} kind={kind} required={required.has(kind)} editable={editable}
            document={legitimation.documents.find((d) => d.kind === kind)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  )
}
