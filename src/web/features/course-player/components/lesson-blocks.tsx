import { AspectRatio, Button, Paper, Stack, Text, Typography } from '@mantine/core'
import { IconDownload, IconExternalLink } from '@tabler/icons-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { PlayerLesson } from '../api/course'

type Block = PlayerLesson['blocks'][number]

/** How often the player stores where the payer is in a video or audio, in seconds of playback. */
const positionEverySeconds = 15

/** A video or audio element that starts where the payer left it and reports its position now and then. */
function MediaElement({ kind, src, startAt, onPosition, title }: {
  kind: 'video' | 'audio'; src: string; startAt: number; onPosition: (seconds: number) => void; title: string
}) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null)
  const last = useRef(startAt)
  useEffect(() => {
    const element = ref.current
    if (!element || startAt <= 0) return
    const seek = () => { element.currentTime = startAt }
    element.addEventListener('loadedmetadata', seek, { once: true })
    return () => element.removeEventListener('loadedmetadata', seek)
  }, [startAt])
  const onTime = () => {
    const at = Math.floor(ref.current?.currentTime ?? 0)
    if (Math.abs(at - last.current) >= positionEverySeconds) {
      last.current = at
      onPosition(at)
    }
  }
  const props = { ref, src, controls: true, preload: 'metadata' as const, onTimeUpdate: onTime, onPause: () => onPosition(Math.floor(ref.current?.currentTime ?? 0)), 'aria-label': title }
  return kind === 'video'
    ? <video {...props} style={{ width: '100%', borderRadius: 8, background: '#000' }} data-testid="lesson-video" />
    : <audio {...props} style={{ width: '100%' }} data-testid="lesson-audio" />
}

/**
 * The blocks of a lesson: text (HTML the server sanitised when the seller saved it), videos (an own
 * upload streamed from a signed link, or an external player's embed), audio, a file to download, and a
 * PDF in the browser's own reader.
 */
export function LessonBlocks({ blocks, positionSeconds, onPosition }: { blocks: Block[]; positionSeconds: number; onPosition: (seconds: number) => void }) {
  const { t } = useTranslation()
  return (
    <Stack gap="lg">
      {blocks.map((block, i) => {
        const key = `${block.kind}-${i}`
        switch (block.kind) {
          case 'text':
            return (
              <Typography key={key}>
                {/* sanitised on save by the server's HTML sanitiser (courses.service) */}
                <div dangerouslySetInnerHTML={{ __html: block.html }} data-testid="lesson-text" />
              </Typography>
            )
          case 'video':
            return block.source === 'external'
              ? (
                  <AspectRatio key={key} ratio={16 / 9}>
                    <iframe
                      src={block.url} title={block.title ?? t('courseplayer.player.video')} allowFullScreen referrerPolicy="strict-origin-when-cross-origin"
                      allow="autoplay; encrypted-media; picture-in-picture; fullscreen" style={{ border: 0, borderRadius: 8 }} data-testid="lesson-embed"
                    />
                  </AspectRatio>
                )
              : <MediaElement key={key} kind="video" src={block.url} startAt={positionSeconds} onPosition={onPosition} title={block.title ?? t('courseplayer.player.video')} />
          case 'audio':
            return (
              <Stack key={key} gap={4}>
                {block.title && <Text fw={500}>{block.title}</Text>}
                <MediaElement kind="audio" src={block.url} startAt={positionSeconds} onPosition={onPosition} title={block.title ?? t('courseplayer.player.audio')} />
              </Stack>
            )
          case 'file':
            return (
              <Paper key={key} withBorder p="sm" radius="md">
                <Button component="a" href={block.url} download variant="light" leftSection={<IconDownload size={16} />} data-testid="lesson-file">
                  {block.title ?? t('courseplayer.player.download')}
                </Button>
              </Paper>
            )
          case 'pdf':
            return (
              <Stack key={key} gap={4}>
                <iframe src={block.url} title={block.title ?? t('courseplayer.player.pdf')} style={{ width: '100%', height: '70vh', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} data-testid="lesson-pdf" />
                <Button component="a" href={block.url} target="_blank" rel="noreferrer" variant="subtle" size="xs" w="fit-content" leftSection={<IconExternalLink size={14} />}>
                  {t('courseplayer.player.openPdf')}
                </Button>
              </Stack>
            )
          default:
            return null
        }
      })}
    </Stack>
  )
}
