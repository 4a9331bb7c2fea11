import { Button, Divider, Group, Loader, Radio, Stack, Switch, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { NumberField } from '../../../components/number-field'
import { dripQuery, saveDrip } from '../api/course-publishing'
import { saveSettings, settingsQuery, type CourseOverviewItem, type CourseSettings } from '../api/course-reports'

/** The course's drip (decision 0024): pause or resume dripped lessons, lesson mails on or off; saved at once. */
function DripSettings({ productId }: { productId: number }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const drip = useQuery(dripQuery(productId))
  const save = useMutation({
    mutationFn: (input: { paused?: boolean; lessonMails?: boolean }) => saveDrip(productId, input),
    onSuccess: (saved) => queryClient.setQueryData(dripQuery(productId).queryKey, saved),
  })
  if (!drip.data) return null
  const counts = drip.data.counts
  return (
    <Stack gap="xs" data-testid="course-drip">
      {drip.data.dripEnabled && (
        <Switch label={t('courseplayer.drip.paused')} description={t('courseplayer.drip.pausedHelp')} checked={drip.data.paused}
          onChange={(e) => save.mutate({ paused: e.currentTarget.checked })} disabled={save.isPending} data-testid="drip-paused" />
      )}
      <Switch label={t('courseplayer.drip.lessonMails')} description={t('courseplayer.drip.lessonMailsHelp')} checked={drip.data.lessonMails}
        onChange={(e) => save.mutate({ lessonMails: e.currentTarget.checked })} disabled={save.isPending} data-testid="drip-lesson-mails" />
      <Text size="xs" c="dimmed">{t('courseplayer.drip.counts', { pending: counts.publishPending, paused: counts.publishPaused, published: counts.published })}</Text>
      <FormError error={save.error} />
    </Stack>
  )
}

/** The player settings of one course: lesson comments, how open quiz answers are graded, an attempts limit. */
export function CourseSettingsModal({ course, onClose }: { course: CourseOverviewItem; onClose: () => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const settings = useQuery(settingsQuery(course.productId))
  const [draft, setDraft] = useState<CourseSettings | null>(null)
  const [limit, setLimit] = useState('')
  useEffect(() => {
    if (settings.data && !draft) {
      setDraft(settings.data)
      setLimit(settings.data.quizAttemptsLimit === null ? '' : String(settings.data.quizAttemptsLimit))
    }
  }, [settings.data, draft])
  const save = useMutation({
    mutationFn: () => saveSettings(course.productId, { ...draft!, quizAttemptsLimit: limit.trim() === '' ? null : Number(limit) }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsQuery(course.productId).queryKey, saved)
      onClose()
    },
  })
  return (
    <Modal opened onClose={onClose} title={t('courseplayer.settings.title', { name: course.name })} size="md">
      {!draft ? <Loader /> : (
        <Stack gap="md" data-testid="course-settings">
          <Switch label={t('courseplayer.settings.comments')} checked={draft.commentsEnabled} onChange={(e) => { const on = e.currentTarget.checked; setDraft((d) => d && { ...d, commentsEnabled: on }) }} data-testid="settings-comments" />
          <Radio.Group label={t('courseplayer.settings.openAnswers')} value={draft.openAnswers} onChange={(v) => setDraft((d) => d && { ...d, openAnswers: v as CourseSettings['openAnswers'] })}>
            <Stack gap={4} mt="xs">
              <Radio value="review" label={t('courseplayer.settings.openReview')} />
              <Radio value="accept" label={t('courseplayer.settings.openAccept')} />
            </Stack>
          </Radio.Group>
          <NumberField label={t('courseplayer.settings.attemptsLimit')} description={t('courseplayer.settings.attemptsHelp')} value={limit} min={1} max={100} onChange={setLimit} allowEmptyValue w={240} />
          <Divider />
          <DripSettings productId={course.productId} />
          <FormError error={save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button onClick={() => save.mutate()} loading={save.isPending}>{t('common.save')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
