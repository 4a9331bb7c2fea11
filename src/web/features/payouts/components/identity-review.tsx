import { Alert, Badge, Button, Card, Divider, Drawer, Group, Image, Loader, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconExternalLink } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { refuseKycDocumentInput, rejectLegitimationInput } from '../../../../shared/schemas/payouts'
import { kycRefusalReasons } from '../../../../shared/states/kyc-document'
import { FormError } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { SelectField } from '../../../components/select-field'
import { selectInputProps, textInputProps, useZodForm } from '../../../lib/forms'
import {
  acceptLegitimation, adminLegitimationQuery, adminLegitimationsKey, documentBlob, openDocument, refuseDocument, rejectLegitimation, validateDocument,
  type AdminLegitimation, type KycDocument,
} from '../api/identity'
import { DocumentStateBadge, formatSize } from './identity-documents'

// A manager's look at one identity check (docs/decisions/0049-money-out.md "Identity"): the details, every
// document (images shown through an authenticated blob, PDFs opened in a new tab), per document validate or
// refuse with a reason, and the check's accept or reject.

/** An image document shown from an object URL made of the blob fetched with the session. */
function ImagePreview({ id }: { id: number }) {
  const { t } = useTranslation()
  const blob = useQuery({ queryKey: [...adminLegitimationsKey, 'file', id], queryFn: () => documentBlob(id, 'admin'), staleTime: Infinity })
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!blob.data) return undefined
    const next = URL.createObjectURL(blob.data)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [blob.data])
  if (blob.isError) return <Text size="sm" c="red">{t('moneyIdentity.admin.loadFailed')}</Text>
  if (!url) return <Loader size="sm" />
  return <Image src={url} alt="" mah={240} fit="contain" radius="sm" data-testid={`admin-doc-image-${id}`} />
}

function RefuseModal({ document, onClose, onDone }: { document: KycDocument | null; onClose: () => void; onDone: (answer: AdminLegitimation) => void }) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(refuseKycDocumentInput, { reason: null as string | null, comment: '' }, i18n.language, {
    toInput: (v) => ({ reason: v.reason ?? undefined, comment: v.comment.trim() === '' ? undefined : v.comment.trim() }),
  })
  const refuse = useMutation({
    mutationFn: (input: { id: number; body: Parameters<typeof refuseDocument>[1] }) => refuseDocument(input.id, input.body),
    onSuccess: (answer) => {
      form.reset()
      onDone(answer)
    },
    onError: form.fail,
  })
  function submit() {
    const value = form.validate()
    if (value && document) refuse.mutate({ id: document.id, body: value })
  }
  return (
    <Modal opened={document !== null} onClose={onClose} title={document ? t('moneyIdentity.admin.refuseTitle', { document: t(`moneyIdentity.documents.kinds.${document.kind}`) }) : ''}>
      <Stack gap="sm">
        <SelectField
          label={t('moneyIdentity.admin.reason')} required searchable={false} data-testid="admin-doc-refuse-reason"
          data={kycRefusalReasons.map((r) => ({ value: r, label: t(`moneyIdentity.refusalReasons.${r}`) }))}
          {...selectInputProps(form.field('reason'))}
        />
        <Textarea label={t('moneyIdentity.admin.comment')} autosize minRows={2} {...textInputProps(form.field('comment'))} data-testid="admin-doc-refuse-comment" />
        <FormError error={form.formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('moneyIdentity.admin.cancel')}</Button>
          <Button color="red" onClick={submit} loading={refuse.isPending} data-testid="admin-doc-refuse-confirm">{t('moneyIdentity.admin.confirm')}</Button>
        </Group>
      </Stack>
    </Modal>
  )
}

function RejectModal({ legitimationId, opened, onClose, onDone }: { legitimationId: number; opened: boolean; onClose: () => void; onDone: (answer: AdminLegitimation) => void }) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(rejectLegitimationInput, { reason: '' }, i18n.language)
  const reject = useMutation({
    mutationFn: (reason: string) => rejectLegitimation(legitimationId, reason),
    onSuccess: (answer) => {
      form.reset()
      onDone(answer)
    },
    onError: form.fail,
  })
  function submit() {
    const value = form.validate()
    if (value) reject.mutate(value.reason)
  }
  return (
    <Modal opened={opened} onClose={onClose} title={t('moneyIdentity.admin.rejectTitle')}>
      <Stack gap="sm">
        <Textarea label={t('moneyIdentity.admin.reason')} required autosize minRows={3} {...textInputProps(form.field('reason'))} data-testid="admin-legitimation-reject-reason" />
        <FormError error={form.formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('moneyIdentity.admin.cancel')}</Button>
          <Button color="red" onClick={submit} loading={reject.isPending} data-testid="admin-legitimation-reject-confirm">{t('moneyIdentity.admin.confirm')}</Button>
        </Group>
      </Stack>
    </Modal>
  )
}

function Details({ legitimation }: { legitimation: AdminLegitimation }) {
  const { t } = useTranslation()
  const rows: [string, string | undefined][] = []
  const hq = legitimation.headQuarter
  if (hq) rows.push([t('moneyIdentity.fields.company'), [hq.company, hq.registrationNumber].filter(Boolean).join(' · ')], [t('moneyIdentity.businessType.headQuarter'), [hq.street, hq.zip, hq.city, hq.countryCode].filter(Boolean).join(', ')])
  const person = legitimation.legalRepresentative
  if (person) rows.push([t(`moneyIdentity.person.${legitimation.businessType}`), [[person.firstName, person.lastName].filter(Boolean).join(' '), person.street, person.zip, person.city, person.countryCode].filter(Boolean).join(', ')])
  legitimation.ubos.forEach((u, i) => rows.push([t('moneyIdentity.ubos.owner', { n: i + 1 }), `${u.firstName ?? ''} ${u.lastName ?? ''}${u.shareBps ? ` (${u.shareBps / 100} %)` : ''}`]))
  if (rows.length === 0) return <Text size="sm" c="dimmed">{t('moneyIdentity.admin.noDetails')}</Text>
  return (
    <Stack gap={4}>
      {rows.map(([label, value], i) => (
        <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed" w={180}>{label}</Text>
          <Text size="sm">{value || '–'}</Text>
        </Group>
      ))}
    </Stack>
  )
}

export function LegitimationReview({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const legitimation = useQuery({ ...adminLegitimationQuery(id ?? 0), enabled: id !== null })
  const [refusing, setRefusing] = useState<KycDocument | null>(null)
  const [rejecting, setRejecting] = useState(false)
  const done = (answer: AdminLegitimation) => {
    queryClient.setQueryData(adminLegitimationQuery(answer.id ?? 0).queryKey, answer)
    void queryClient.invalidateQueries({ queryKey: [...adminLegitimationsKey, 'list'] })
    notifications.show({ color: 'green', message: t('moneyIdentity.admin.done'), autoClose: 3000 })
  }
  const validate = useMutation({ mutationFn: validateDocument, onSuccess: done })
  const accept = useMutation({ mutationFn: acceptLegitimation, onSuccess: done })
  const data = legitimation.data
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="xl" title={t('moneyIdentity.admin.detailTitle', { id: id ?? '' })}
      closeButtonProps={{ 'aria-label': t('common.close') }} data-testid="admin-legitimation-detail">
      {!data ? <Loader /> : (
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light">{t(`moneyIdentity.admin.partyKinds.${data.partyKind}`)}</Badge>
            <Badge variant="light" color="gray">{t(`moneyIdentity.businessType.${data.businessType}`)}</Badge>
            <Badge variant="light" color={data.step === 'legitimated' ? 'green' : data.step === 'rejected' ? 'red' : 'yellow'} data-testid="admin-legitimation-step" data-step={data.step}>
              {t(`moneyIdentity.stepStates.${data.step}`)}
            </Badge>
          </Group>
          <Text size="sm">{data.user.firstName} {data.user.lastName} · {data.user.email}</Text>
          {data.rejectionReason && <Alert color="red">{t('moneyIdentity.rejectedReason', { reason: data.rejectionReason })}</Alert>}
          <Title order={4}>{t('moneyIdentity.admin.details')}</Title>
          <Details legitimation={data} />
          <Divider />
          <Title order={4}>{t('moneyIdentity.admin.documents')}</Title>
          {data.documents.length === 0 && <Text size="sm" c="dimmed">{t('moneyIdentity.admin.noDocuments')}</Text>}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {data.documents.map((document) => (
              <Card key={document.id} withBorder padding="sm" data-testid={`admin-doc-${document.id}`}>
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={500} size="sm">{t(`moneyIdentity.documents.kinds.${document.kind}`)}</Text>
                    <DocumentStateBadge state={document.state} />
                  </Group>
                  <Text size="xs" c="dimmed">{document.fileName} · {formatSize(document.size)}</Text>
                  {document.contentType.startsWith('image/') ? <ImagePreview id={document.id} /> : null}
                  {document.state === 'refused' && (
                    <Text size="xs" c="red">{t('moneyIdentity.documents.refused', { reason: t(`moneyIdentity.refusalReasons.${document.refusedReason ?? 'other'}`) })} {document.refusedComment ?? ''}</Text>
                  )}
                  <Group gap="xs">
                    <Button size="xs" variant="subtle" leftSection={<IconExternalLink size={14} />} onClick={() => void openDocument(document.id, 'admin')} data-testid={`admin-doc-open-${document.id}`}>
                      {t('moneyIdentity.actions.view')}
                    </Button>
                    <Button size="xs" color="green" variant="light" disabled={document.state !== 'validation_asked'} loading={validate.isPending && validate.variables === document.id}
                      onClick={() => validate.mutate(document.id)} data-testid={`admin-doc-validate-${document.id}`}>
                      {t('moneyIdentity.admin.validate')}
                    </Button>
                    <Button size="xs" color="red" variant="light" disabled={document.state !== 'validation_asked' && document.state !== 'validated'}
                      onClick={() => setRefusing(document)} data-testid={`admin-doc-refuse-${document.id}`}>
                      {t('moneyIdentity.admin.refuse')}
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <Divider />
          <Group justify="flex-end">
            <Button color="red" variant="light" onClick={() => setRejecting(true)} disabled={data.step === 'rejected'} data-testid="admin-legitimation-reject">
              {t('moneyIdentity.admin.reject')}
            </Button>
            <Button onClick={() => accept.mutate(data.id ?? 0)} loading={accept.isPending} disabled={data.step === 'legitimated'} data-testid="admin-legitimation-accept">
              {t('moneyIdentity.admin.accept')}
            </Button>
          </Group>
          <RefuseModal document={refusing} onClose={() => setRefusing(null)} onDone={(answer) => { setRefusing(null); done(answer) }} />
          <RejectModal legitimationId={data.id ?? 0} opened={rejecting} onClose={() => setRejecting(false)} onDone={(answer) => { setRejecting(false); done(answer) }} />
        </Stack>
      )}
    </Drawer>
  )
}
