import { ActionIcon, Anchor, Button, Card, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CoverCropInput } from '../../../../../shared/schemas/media'
import { useConfirm } from '../../../../components/confirm-modal'
import { FormError } from '../../../../components/form-error'
import { useUploadMutation } from '../../../../components/upload-progress'
import { deleteCover } from '../../api/delete-cover'
import { uploadCover } from '../../api/upload-cover'
import { CoverCropModal } from './cover-crop-modal'
import type { StepProps } from './step-types'

// The product's cover images (docs/reference/catalogue-and-selling.md §9: default variant s100, cover width 1920). A chosen
// image is cropped to 1:1 or 16:9 (or kept whole) before upload; the server checks the image by its
// content, cuts the crop and makes the size variants.

export function CoversSection({ product, onSaved }: StepProps) {
  const { t } = useTranslation()
  const [file, setFile] = useState<File | null>(null)
  const [resetKey, setResetKey] = useState(0)
  const upload = useUploadMutation(({ image, crop }: { image: File; crop: CoverCropInput | undefined }, transfer) => uploadCover(product.id, image, crop, transfer), {
    name: ({ image }) => image.name,
    onSuccess: () => {
      setFile(null)
      setResetKey((k) => k + 1)
      onSaved()
    },
  })
  const remove = useMutation({ mutationFn: (id: number) => deleteCover(product.id, id), onSuccess: () => onSaved() })
  const { confirm, modal } = useConfirm()
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">{t('products.covers.title')}</Title>
      <Text size="sm" c="dimmed">{t('products.covers.hint')}</Text>
      <Group gap="sm">
        {product.covers.map((cover) => (
          <Card key={cover.id} withBorder padding={4} radius="md" pos="relative" data-testid="cover-card" data-width={cover.width} data-height={cover.height}>
            <Image src={cover.variants.s300} alt={t('products.covers.alt', { name: product.name })} w={150} h={100} fit="contain" radius="sm" />
            <Group justify="space-between" gap={4} px={2}>
              <Text size="xs" c="dimmed" data-testid="cover-size">{cover.width} × {cover.height}</Text>
              <Anchor href={cover.variants.cover} target="_blank" rel="noreferrer" size="xs" data-testid="cover-variant">{t('products.covers.open')}</Anchor>
            </Group>
            <ActionIcon pos="absolute" top={6} right={6} color="red" variant="filled" size="sm" aria-label={t('products.covers.remove')} onClick={() => confirm({ name: t('products.covers.named', { width: cover.width, height: cover.height }), onConfirm: () => remove.mutate(cover.id) })} data-testid="cover-remove">
              <IconTrash size={14} />
            </ActionIcon>
          </Card>
        ))}
      </Group>
      <FileButton key={resetKey} onChange={(chosen) => chosen && setFile(chosen)} accept="image/png,image/jpeg,image/webp,image/gif">
        {(props) => <Button {...props} variant="light" leftSection={<IconPhotoPlus size={16} />} loading={upload.isPending} w="fit-content" data-testid="cover-add">{t('products.covers.add')}</Button>}
      </FileButton>
      <FormError error={remove.error} />
      {modal}
      <CoverCropModal
        file={file}
        uploading={upload.isPending}
        progress={upload.progress}
        error={upload.error}
        onCancel={() => {
          upload.cancel()
          setFile(null)
          setResetKey((k) => k + 1)
          upload.reset()
        }}
        onUpload={(crop) => file && upload.mutate({ image: file, crop })}
      />
    </Stack>
  )
}
