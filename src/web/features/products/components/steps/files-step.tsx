import { ActionIcon, Alert, Button, FileButton, Group, Stack, Table, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconArrowDown, IconArrowUp, IconReplace, IconTrash, IconUpload } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { FormError } from '../../../../components/form-error'
import { useConfirm } from '../../../../components/confirm-modal'
import { LoadingMask } from '../../../../components/loading-mask'
import { useUploadMutation } from '../../../../components/upload-progress'
import { deleteFile } from '../../api/delete-file'
import { filesKey, filesQuery } from '../../api/list-files'
import { reorderFiles } from '../../api/reorder-files'
import { replaceFile } from '../../api/replace-file'
import { uploadFiles } from '../../api/upload-files'
import { DownloadSettingsSection } from './download-settings-section'
import type { StepProps } from './step-types'

// Step "file upload" (downloads): upload, replace, reorder and remove the files a payer receives. A
// download without files reports "no digitals". Uploads show their progress and can be canceled; removing asks first.

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`
  return `${Math.round(bytes / 104857.6) / 10} MB`
}

export function FilesStep({ product, onSaved }: StepProps) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const files = useQuery(filesQuery(product.id))
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: filesKey(product.id) })
    onSaved()
  }
  const upload = useUploadMutation((list: File[], transfer) => uploadFiles(product.id, list, transfer), {
    onSuccess: changed, name: (list) => list.map((f) => f.name).join(', '),
  })
  const replace = useUploadMutation(({ id, file }: { id: number; file: File }, transfer) => replaceFile(product.id, id, file, transfer), {
    onSuccess: changed, name: ({ file }) => file.name,
  })
  const { confirm, modal } = useConfirm()
  const remove = useMutation({ mutationFn: (id: number) => deleteFile(product.id, id), onSuccess: changed })
  const reorder = useMutation({ mutationFn: (ids: number[]) => reorderFiles(product.id, ids), onSuccess: changed })
  const list = files.data?.list ?? []
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((f) => f.id)
    const [id] = ids.splice(index, 1)
    ids.splice(index + by, 0, id!)
    reorder.mutate(ids)
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">{t('products.files.hint')}</Text>
      <FileButton onChange={(picked) => picked.length > 0 && upload.mutate(picked)} multiple>
        {(props) => (
          <Button {...props} leftSection={<IconUpload size={16} />} disabled={upload.isPending || replace.isPending} w="fit-content" data-testid="files-upload">
            {t('products.files.upload')}
          </Button>
        )}
      </FileButton>
      {upload.progress}
      {replace.progress}
      <FormError error={upload.error ?? replace.error ?? remove.error} />
      <LoadingMask visible={files.isPending}>
        {list.length === 0 ? (
          <Alert color="orange" variant="light">{t('products.statusTexts.no_digitals')}</Alert>
        ) : (
          <Table striped verticalSpacing="xs" data-testid="files-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('products.files.name')}</Table.Th>
                <Table.Th>{t('products.files.size')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((file, index) => (
                <Table.Tr key={file.id}>
                  <Table.Td>{file.name}</Table.Td>
                  <Table.Td>{fileSize(file.size)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={t('products.files.up')} disabled={index === 0} onClick={() => move(index, -1)}><IconArrowUp size={16} /></ActionIcon>
                      <ActionIcon variant="subtle" aria-label={t('products.files.down')} disabled={index === list.length - 1} onClick={() => move(index, 1)}><IconArrowDown size={16} /></ActionIcon>
                      <FileButton onChange={(picked) => picked && replace.mutate({ id: file.id, file: picked })}>
                        {(props) => <ActionIcon {...props} variant="subtle" disabled={upload.isPending || replace.isPending} aria-label={t('products.files.replace')}><IconReplace size={16} /></ActionIcon>}
                      </FileButton>
                      <ActionIcon variant="subtle" color="red" aria-label={t('products.files.remove')} onClick={() => confirm({ name: file.name, onConfirm: () => remove.mutate(file.id) })} data-testid="file-remove"><IconTrash size={16} /></ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </LoadingMask>
      <DownloadSettingsSection productId={product.id} />
      {modal}
    </Stack>
  )
}
