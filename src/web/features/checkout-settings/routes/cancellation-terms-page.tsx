import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { productForms, type ProductForm } from '../../../../shared/catalog'
import { FormError } from '../../../components/form-error'
import { LoadingMask } from '../../../components/loading-mask'
import { Modal } from '../../../components/modal'
import { formatDateTime } from '../../../lib/format'
import { deleteCancellationTerms } from '../api/delete-cancellation-terms'
import { cancellationTermsQuery } from '../api/list-cancellation-terms'
import { cancellationTermsKey, type CancellationTerms } from '../api/types'
import { CancellationTermsForm } from '../components/cancellation-terms-form'

// /cabinet/settings/cancellation_terms: one set of cancellation terms per product form, written, changed
// or removed here. Payers read them at /s/{seller}/document/cancellation_terms.

export function CancellationTermsPage() {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const list = useQuery(cancellationTermsQuery())
  const [open, setOpen] = useState<{ productType: ProductForm; terms?: CancellationTerms } | null>(null)
  const [deleting, setDeleting] = useState<CancellationTerms | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: cancellationTermsKey })
  const remove = useMutation({
    mutationFn: (id: number) => deleteCancellationTerms(id),
    onSuccess: () => {
      setDeleting(null)
      void refresh()
    },
  })
  const byForm = new Map((list.data?.list ?? []).map((terms) => [terms.productType, terms]))
  return (
    <Stack gap="lg" data-testid="cancellation-terms-page">
      <Stack gap={4}>
        <Title order={2}>{t('cancellationTerms.title')}</Title>
        <Text size="sm" c="dimmed">{t('cancellationTerms.intro')}</Text>
      </Stack>
      <LoadingMask visible={list.isPending}>
        <FormError error={list.error} />
        <Table withTableBorder verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('cancellationTerms.columns.form')}</Table.Th>
              <Table.Th>{t('cancellationTerms.columns.title')}</Table.Th>
              <Table.Th>{t('cancellationTerms.columns.updatedAt')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {productForms.map((form) => {
              const terms = byForm.get(form)
              return (
                <Table.Tr key={form} data-testid={`terms-${form}`}>
                  <Table.Td>{t(`products.forms.${form}`)}</Table.Td>
                  <Table.Td>
                    {terms ? terms.title : <Badge variant="light" color="gray">{t('cancellationTerms.none')}</Badge>}
                  </Table.Td>
                  <Table.Td>{terms ? formatDateTime(terms.updatedAt, i18n.language) : '–'}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant={terms ? 'light' : 'filled'} onClick={() => setOpen({ productType: form, terms })} data-testid="terms-edit">
                        {terms ? t('cancellationTerms.edit') : t('cancellationTerms.write')}
                      </Button>
                      {terms && <Button size="xs" variant="default" color="red" onClick={() => setDeleting(terms)}>{t('cancellationTerms.delete')}</Button>}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </LoadingMask>
      <Modal opened={open !== null} onClose={() => setOpen(null)} size="xl"
        title={open ? t('cancellationTerms.modalTitle', { form: t(`products.forms.${open.productType}`) }) : ''}>
        {open && (
          <CancellationTermsForm key={`${open.productType}-${open.terms?.id ?? 0}`} productType={open.productType} terms={open.terms}
            onCancel={() => setOpen(null)} onDone={() => {
              setOpen(null)
              void refresh()
            }} />
        )}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('cancellationTerms.delete')}>
        <Stack>
          <Text>{t('cancellationTerms.deleteText', { title: deleting?.title ?? '' })}</Text>
          <FormError error={remove.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>{t('common.cancel')}</Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)}>{t('cancellationTerms.delete')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
