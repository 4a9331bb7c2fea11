import { Box, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { CoverCropInput } from '../../../../../shared/schemas/media'
import { FormError } from '../../../../components/form-error'
import { Modal } from '../../../../components/modal'
import { NumberField } from '../../../../components/number-field'
import { fitCrop, initialCrop, movedBy, withWidth, type Crop, type CropRatio } from '../cover-crop'

// Choosing the part of a new cover image to keep: a box over the
// preview that is dragged to move and resized by its corner, the same box as numbers (image pixels),
// or the whole image. The box always keeps its ratio and stays inside the image.

type Choice = CropRatio | 'original'
type Drag = { mode: 'move' | 'resize'; x: number; y: number; crop: Crop }
const previewWidth = 460

export function CoverCropModal({ file, uploading, progress, error, onCancel, onUpload }: {
  file: File | null; uploading: boolean; progress?: ReactNode; error: unknown; onCancel: () => void; onUpload: (crop: CoverCropInput | undefined) => void
}) {
  const { t } = useTranslation()
  const [url, setUrl] = useState<string | null>(null)
  const [size, setSize] = useState<{ width: number; height: number } | null>(null)
  const [choice, setChoice] = useState<Choice>('16:9')
  const [crop, setCrop] = useState<Crop | null>(null)
  const drag = useRef<Drag | null>(null)

  useEffect(() => {
    setSize(null)
    setCrop(null)
    if (!file) return setUrl(null)
    const next = URL.createObjectURL(file)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [file])

  const choose = (next: Choice) => {
    setChoice(next)
    setCrop(size && next !== 'original' ? initialCrop(next, size.width, size.height) : null)
  }

  const scale = size ? Math.min(previewWidth, size.width) / size.width : 1
  const start = (mode: Drag['mode']) => (event: PointerEvent<HTMLElement>) => {
    if (!crop) return
    event.preventDefault()
    event.stopPropagation()
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { mode, x: event.clientX, y: event.clientY, crop }
  }
  const move = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current
    if (!d || !size) return
    const dx = (event.clientX - d.x) / scale
    const dy = (event.clientY - d.y) / scale
    setCrop(d.mode === 'move'
      ? movedBy(d.crop, dx, dy, size.width, size.height)
      : withWidth(d.crop, d.crop.width + Math.max(dx, (dy * d.crop.width) / d.crop.height), size.width, size.height))
  }
  const end = () => {
    drag.current = null
  }
  const setNumber = (key: 'x' | 'y' | 'width', text: string) => {
    if (!crop || !size || text === '') return
    const value = Number(text)
    setCrop(key === 'width'
      ? withWidth(crop, value, size.width, size.height)
      : fitCrop(crop.ratio, crop.width / (crop.ratio === '1' ? 1 : 16), key === 'x' ? value : crop.x, key === 'y' ? value : crop.y, size.width, size.height))
  }

  return (
    <Modal opened={file !== null} onClose={onCancel} size="lg" title={t('products.covers.cropTitle')}>
      <Stack gap="sm" data-testid="cover-crop">
        <SegmentedControl
          value={choice}
          onChange={(value) => choose(value as Choice)}
          data={[
            { value: '16:9', label: t('products.covers.ratioWide') },
            { value: '1', label: t('products.covers.ratioSquare') },
            { value: 'original', label: t('products.covers.ratioOriginal') },
          ]}
          data-testid="cover-ratio"
        />
        {url && (
          <Box pos="relative" w={size ? size.width * scale : undefined} style={{ userSelect: 'none', touchAction: 'none' }}>
            <img
              src={url}
              alt={t('products.covers.preview')}
              draggable={false}
              style={{ display: 'block', width: size ? size.width * scale : '100%', maxWidth: previewWidth }}
              onLoad={(event) => {
                const img = event.currentTarget
                const next = { width: img.naturalWidth, height: img.naturalHeight }
                setSize(next)
                setCrop(choice === 'original' ? null : initialCrop(choice, next.width, next.height))
              }}
            />
            {crop && (
              <Box
                role="presentation"
                data-testid="cover-crop-box"
                onPointerDown={start('move')} onPointerMove={move} onPointerUp={end} onPointerCancel={end}
                style={{
                  position: 'absolute', left: crop.x * scale, top: crop.y * scale, width: crop.width * scale, height: crop.height * scale,
                  border: '2px solid var(--mantine-color-blue-5)', boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.45)', cursor: 'move',
                }}
              >
                <Box
                  role="presentation"
                  onPointerDown={start('resize')} onPointerMove={move} onPointerUp={end} onPointerCancel={end}
                  style={{ position: 'absolute', right: -7, bottom: -7, width: 14, height: 14, background: 'var(--mantine-color-blue-5)', borderRadius: 3, cursor: 'nwse-resize' }}
                />
              </Box>
            )}
          </Box>
        )}
        {crop && size && (
          <SimpleGrid cols={4}>
            <NumberField label={t('products.covers.cropX')} value={String(crop.x)} min={0} max={size.width} onChange={(v) => setNumber('x', v)} data-testid="crop-x" />
            <NumberField label={t('products.covers.cropY')} value={String(crop.y)} min={0} max={size.height} onChange={(v) => setNumber('y', v)} data-testid="crop-y" />
            <NumberField label={t('products.covers.cropWidth')} value={String(crop.width)} min={1} max={size.width} onChange={(v) => setNumber('width', v)} data-testid="crop-width" />
            <TextInput label={t('products.covers.cropHeight')} value={String(crop.height)} readOnly data-testid="crop-height" />
          </SimpleGrid>
        )}
        {size && <Text size="xs" c="dimmed">{t('products.covers.imageSize', { width: size.width, height: size.height })}</Text>}
        {progress}
        <FormError error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
          <Button
            loading={uploading}
            disabled={!size}
            onClick={() => onUpload(crop ? { ratio: crop.ratio, x: crop.x, y: crop.y, width: crop.width, height: crop.height } : undefined)}
            data-testid="cover-upload"
          >
            {t('products.covers.upload')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
