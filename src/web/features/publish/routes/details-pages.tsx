import { Button, Card, Group, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { publisherDetailsInput } from '../../../../shared/schemas/affiliates'
import { FormError } from '../../../components/form-error'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { publisherDetailsQuery, updatePublisherDetails, type PublisherDetails } from '../api/details'
import { CopyField } from '../components/copy-field'

// /publish/details (birthday, website, the platform link) and /publish/email_notification (which emails
// the publisher receives); both save through PATCH /publish/details.

export function PublisherDetailsPage() {
  const { t } = useTranslation()
  const details = useQuery(publisherDetailsQuery())
  return (
    <Stack gap="lg" maw={640} data-testid="publisher-details-page">
      <Title order={2}>{t('publisher.details.title')}</Title>
      <Text c="dimmed" size="sm">{t('publisher.details.lead')}</Text>
      {details.data ? <DetailsForm details={details.data} /> : <Skeleton h={240} radius="md" />}
    </Stack>
  )
}

function DetailsForm({ details }: { details: PublisherDetails }) {
  const { t, i18n } = useTranslation()
  // The birthday is sent only when it changed: a known one is not asked again.
  const toInput = (v: { birthday: string; website: string }) => ({
    ...(v.birthday.trim() && v.birthday.trim() !== details.birthday ? { birthday: v.birthday.trim() } : {}),
    website: v.website.trim() || null,
  })
  const form = useZodForm(publisherDetailsInput, { birthday: details.birthday ?? '', website: details.website ?? '' }, i18n.language, { toInput })
  const save = useMutation({
    mutationFn: updatePublisherDetails,
    onSuccess: () => notifications.show({ color: 'teal', message: t('publisher.saved') }),
    onError: (error) => form.applyApiError(error),
  })
  const submit = () => {
    const parsed = form.validate()
    if (parsed) save.mutate(parsed)
  }
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" radius="md">
        <form onSubmit={(event) => { event.preventDefault(); submit() }} noValidate>
          <Stack gap="md">
            <Group grow align="flex-start">
              <TextInput label={t('publisher.details.name')} value={details.name} readOnly variant="filled" />
              <TextInput label={t('fields.email')} value={details.email} readOnly variant="filled" />
            </Group>
            <TextInput
              label={t('publisher.details.birthday')} description={t('publisher.details.birthdayHint')} placeholder="dd.mm.yyyy"
              {...textInputProps(form.field('birthday'))} data-testid="publisher-birthday"
            />
            <TextInput
              label={t('publisher.details.website')} placeholder="https://" type="url"
              {...textInputProps(form.field('website'))} data-testid="publisher-website"
            />
            <FormError error={save.error} />
            <Button type="submit" loading={save.isPending} w="fit-content" data-testid="publisher-details-save">{t('common.save')}</Button>
          </Stack>
        </form>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="xs">
          <Text fw={600}>{t('publisher.details.platformLink')}</Text>
          <Text size="sm" c="dimmed">{t('publisher.details.platformLinkText')}</Text>
          <CopyField value={details.platformLink} testId="publisher-platform-link" />
        </Stack>
      </Card>
    </Stack>
  )
}

const notificationKeys = ['new_sale', 'node_state', 'credit_memo'] as const
type NotificationKey = (typeof notificationKeys)[number]
const camel: Record<NotificationKey, 'newSale' | 'nodeState' | 'creditMemo'> = { new_sale: 'newSale', node_state: 'nodeState', credit_memo: 'creditMemo' }

export function EmailNotificationPage() {
  const { t } = useTranslation()
  const details = useQuery(publisherDetailsQuery())
  const [values, setValues] = useState<Record<NotificationKey, boolean> | null>(null)
  useEffect(() => {
    if (details.data && !values) {
      const n = details.data.emailNotifications
      setValues({ new_sale: n.newSale, node_state: n.nodeState, credit_memo: n.creditMemo })
    }
  }, [details.data, values])
  const save = useMutation({
    mutationFn: (next: Record<NotificationKey, boolean>) => updatePublisherDetails({ email_notifications: next }),
    onSuccess: () => notifications.show({ color: 'teal', message: t('publisher.saved') }),
  })
  return (
    <Stack gap="lg" maw={640} data-testid="publisher-email-notifications">
      <Title order={2}>{t('publisher.notifications.title')}</Title>
      <Text c="dimmed" size="sm">{t('publisher.notifications.lead')}</Text>
      <Card withBorder padding="lg" radius="md">
        {values ? (
          <Stack gap="md">
            {notificationKeys.map((key) => (
              <Switch
                key={key} checked={values[key]} label={t(`publisher.notifications.${camel[key]}.label`)} description={t(`publisher.notifications.${camel[key]}.text`)}
                onChange={(e) => setValues({ ...values, [key]: e.currentTarget.checked })} data-testid={`publisher-notification-${key}`}
              />
            ))}
            <FormError error={save.error} />
            <Button onClick={() => save.mutate(values)} loading={save.isPending} w="fit-content" data-testid="publisher-notifications-save">{t('common.save')}</Button>
          </Stack>
        ) : <Skeleton h={160} />}
      </Card>
    </Stack>
  )
}
