import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { richTextOf } from '../../../../../shared/html/rich-text'
import { deliveryEmailModes, type DeliveryEmailMode, type productDeliveryOutput } from '../../../../../shared/schemas/delivery'
import { RichTextEditor } from '../../../../components/rich-text-editor'
import { api } from '../../../../lib/api'
import type { Camelize } from '../../../../lib/api-client'
import { DeliveryEmailTranslations, deliveryDraftsOf, deliveryTranslationsInputOf, type DeliveryTranslationDrafts } from './delivery-email-translations'

type DeliverySettings = Camelize<z.output<typeof productDeliveryOutput>>

// The delivery step's mail (docs/reference/catalogue-and-selling.md §3 "Delivery email modes"): standard, the seller's own text with
// placeholders (written in the rich text editor; a text from before it opens as paragraphs), or none.
// Saved with PUT /cabinet/products/{id}/delivery.
export function DeliveryEmailSection({ productId }: { productId: number }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const key = ['cabinet', 'products', productId, 'delivery']
  const settings = useQuery({ queryKey: key, queryFn: ({ signal }) => api.get<DeliverySettings>(`/cabinet/products/${productId}/delivery`, { signal }) })
  const [mode, setMode] = useState<DeliveryEmailMode>('standard_email')
  const [subject, setSubject] = useState('')
  const [body, setBody] = useState('')
  const [drafts, setDrafts] = useState<DeliveryTranslationDrafts>({})
  useEffect(() => {
    if (!settings.data) return
    setMode(settings.data.emailMode)
    setSubject(settings.data.customSubject ?? '')
    setBody(richTextOf(settings.data.customBody ?? ''))
    setDrafts(deliveryDraftsOf(settings.data.translations))
  }, [settings.data])
  const save = useMutation({
    // the languages are sent with the custom mail only; another mode leaves the stored ones as they are
    mutationFn: () => api.put<DeliverySettings>(`/cabinet/products/${productId}/delivery`, {
      email_mode: mode, ...(mode === 'custom_email' ? { custom_subject: subject, custom_body: body, translations: deliveryTranslationsInputOf(drafts) } : {}),
    }),
    onSuccess: (data) => {
      queryClient.setQueryData(key, data)
      notifications.show({ color: 'green', message: t('payerArea.delivery.saved') })
    },
  })
  return (
    <Card withBorder padding="lg" radius="md" data-testid="delivery-email-section">
      <Stack gap="sm">
        <Title order={3} fz="md">{t('payerArea.delivery.title')}</Title>
        <Select
          label={t('payerArea.delivery.mode')} value={mode} allowDeselect={false}
          onChange={(value) => value && setMode(value as DeliveryEmailMode)}
          data={deliveryEmailModes.map((m) => ({ value: m, label: t(`payerArea.delivery.modes.${m}`) }))}
        />
        {mode === 'custom_email' && (
          <>
            <TextInput label={t('payerArea.delivery.subject')} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} maxLength={200} required />
            <RichTextEditor label={t('payerArea.delivery.body')} value={body} onChange={setBody} required minHeight={160} data-testid="delivery-body" />
            <Text size="xs" c="dimmed">{t('payerArea.delivery.placeholders', { list: (settings.data?.placeholders ?? []).map((p) => `{${p}}`).join(', ') })}</Text>
            <DeliveryEmailTranslations drafts={drafts} onChange={setDrafts} base={{ subject }} />
          </>
        )}
        <Group><Button onClick={() => save.mutate()} loading={save.isPending} data-testid="delivery-save">{t('payerArea.delivery.save')}</Button></Group>
      </Stack>
    </Card>
  )
}
