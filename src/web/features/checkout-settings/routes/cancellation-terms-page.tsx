import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProductForm } from '../../../../shared/catalog'
import { FormError } from '../../../components/form-error'
import { LoadingMask } from '../../../components/loading-mask'
import { Modal } from '../../../components/modal'
import { formatDateTime } from '../../../lib/format'
import { meKey } from '../../../lib/session'
import { deleteCancellationTerms } from '../api/delete-cancellation-terms'
import { confirmLegalTexts, legalTextsKey, legalTextsQuery, type LegalTexts } from '../api/legal-texts'
import { cancellationTermsKey, type CancellationTerms } from '../api/types'
import { CancellationTermsForm } from '../components/cancellation-terms-form'
import { LegalTextForm } from '../components/legal-text-form'

// /cabinet/settings/cancellation_terms: the seller's legal texts (docs/decisions/0042-minimal-checkout-and-legal-texts.md):
// terms of sale, privacy policy and one set of cancellation terms per product form. Until the seller writes
// their own, the shop shows templates for their country filled with the profile; the seller confirms having
// reviewed them here, and the dashboard warns until then. Payers read them at /s/{seller}/document/...

type Editing =
  | { kind: 'terms' | 'privacy'; title: string; body: string; translations?: LegalTexts['terms']['translations'] }
  | { kind: 'cancellation'; productType: ProductForm; terms?: CancellationTerms | undefined; template: { title: string; body: string } }

export function CancellationTermsPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const texts = useQuery(legalTextsQuery())
  const [open, setOpen] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<{ id: number; title: string } | null>(null)
  const refresh = () => Promise.all([
    queryClient.invalidateQueries({ queryKey: legalTextsKey }),
    queryClient.invalidateQueries({ queryKey: cancellationTermsKey }),
    queryClient.invalidateQueries({ queryKey: ['cabinet', 'legal-texts', 'review'] }),
    queryClient.invalidateQueries({ queryKey: meKey }),
  ])
  const remove = useMutation({
    mutationFn: (id: number) => deleteCancellationTerms(id),
    onSuccess: () => {
      setDeleting(null)
      void refresh()
    },
  })
  const confirm = useMutation({ mutationFn: confirmLegalTexts, onSuccess: () => void refresh() })
  const data = texts.data
  const state = (isDefault: boolean) => (isDefault
    ? <Badge variant="light" color="yellow">{t('legalTexts.template')}</Badge>
    : <Badge variant="light" color="teal">{t('legalTexts.own')}</Badge>)
  const row = (key: string, label: string, text: { title: string; url: string; isDefault: boolean; updatedAt: string | null }, onEdit: () => void, onDelete?: () => void) => (
    <Table.Tr key={key} data-testid={`terms-${key}`} data-default={text.isDefault}>
      <Table.Td>{label}</Table.Td>
      <Table.Td><Group gap="xs" wrap="nowrap"><Anchor href={text.url} target="_blank" rel="noreferrer" size="sm">{text.title}</Anchor>{state(text.isDefault)}</Group></Table.Td>
      <Table.Td>{text.updatedAt ? formatDateTime(text.updatedAt, i18n.language) : '–'}</Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="light" onClick={onEdit} data-testid="terms-edit">{t('cancellationTerms.edit')}</Button>
          {onDelete && <Button size="xs" variant="default" color="red" onClick={onDelete}>{t('legalTexts.reset')}</Button>}
        </Group>
      </Table.Td>
    </Table.Tr>
  )
  return (
    <Stack gap="lg" data-testid="cancellation-terms-page">
      <Stack gap={4}>
        <Title order={2}>{t('legalTexts.title')}</Title>
        <Text size="sm" c="dimmed">{t('legalTexts.intro')}</Text>
      </Stack>
      <LoadingMask visible={texts.isPending}>
        <FormError error={texts.error ?? confirm.error} />
        {data && (
          <Stack gap="md">
            {data.reviewedAt
              ? <Alert color="teal" data-testid="legal-reviewed">{t('legalTexts.reviewed', { time: formatDateTime(data.reviewedAt, i18n.language) })}</Alert>
              : (
                <Alert color="yellow" title={t('legalTexts.warning.title')} data-testid="legal-not-reviewed">
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">{t('legalTexts.reviewText')}</Text>
                    <Button size="xs" loading={confirm.isPending} onClick={() => confirm.mutate()} data-testid="legal-confirm">{t('legalTexts.confirm')}</Button>
                  </Stack>
                </Alert>
              )}
            <Table.ScrollContainer minWidth={560}>
              <Table withTableBorder verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('legalTexts.columns.document')}</Table.Th>
                    <Table.Th>{t('cancellationTerms.columns.title')}</Table.Th>
                    <Table.Th>{t('cancellationTerms.columns.updatedAt')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {row('terms', t('legalTexts.kinds.terms'), data.terms, () => setOpen({ kind: 'terms', title: data.terms.title, body: data.terms.body, translations: data.terms.translations }))}
                  {row('privacy', t('legalTexts.kinds.privacy'), data.privacy, () => setOpen({ kind: 'privacy', title: data.privacy.title, body: data.privacy.body, translations: data.privacy.translations }))}
                  {data.cancellationTerms.map((ct) => {
                    // with its languages: the form saves them as the whole set, so terms opened without them would lose them
                    const saved: CancellationTerms | undefined = ct.id !== null
                      ? { id: ct.id, productType: ct.productType, title: ct.title, body: ct.body, translations: ct.translations, createdAt: ct.updatedAt ?? '', updatedAt: ct.updatedAt ?? '' }
                      : undefined
                    return row(ct.productType, t('legalTexts.cancellationFor', { form: t(`products.forms.${ct.productType}`) }), ct,
                      () => setOpen({ kind: 'cancellation', productType: ct.productType, terms: saved, template: { title: ct.title, body: ct.body } }),
                      saved ? () => setDeleting({ id: saved.id, title: saved.title }) : undefined)
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
      </LoadingMask>
      <Modal opened={open !== null} onClose={() => setOpen(null)} size="xl"
        title={open ? (open.kind === 'cancellation' ? t('cancellationTerms.modalTitle', { form: t(`products.forms.${open.productType}`) }) : t(`legalTexts.kinds.${open.kind}`)) : ''}>
        {open && open.kind === 'cancellation' && (
          <CancellationTermsForm key={`${open.productType}-${open.terms?.id ?? 0}`} productType={open.productType} terms={open.terms} template={open.template}
            onCancel={() => setOpen(null)} onDone={() => {
              setOpen(null)
              void refresh()
            }} />
        )}
        {open && open.kind !== 'cancellation' && (
          <LegalTextForm key={open.kind} kind={open.kind} text={open} onCancel={() => setOpen(null)} onDone={() => {
            setOpen(null)
            void refresh()
          }} />
        )}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('legalTexts.reset')}>
        <Stack>
          <Text>{t('legalTexts.resetText', { title: deleting?.title ?? '' })}</Text>
          <FormError error={remove.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>{t('common.cancel')}</Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)}>{t('legalTexts.reset')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
