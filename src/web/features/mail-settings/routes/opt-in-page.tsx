import { Alert, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { IconMailCheck } from '@tabler/icons-react'
import { useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { FormError, errorText } from '../../../components/form-error'
import { LoadingMask } from '../../../components/loading-mask'
import { formatDateTime } from '../../../lib/format'
import { confirmOptIn, publicOptInQuery } from '../api/mail-settings'

// /opt_in/$token (docs/decisions/0084-custom-smtp-and-double-opt-in.md): the payer confirms their address for a
// seller's mailings. Confirming takes a click on the page, not the link alone, so a mail scanner that opens
// links confirms nothing.

export function OptInPage() {
  const { t, i18n } = useTranslation()
  const { token = '' } = useParams({ strict: false }) as { token?: string }
  const optIn = useQuery(publicOptInQuery(token))
  const confirm = useMutation({ mutationFn: () => confirmOptIn(token) })
  const current = confirm.data ?? optIn.data
  return (
    <Container size={520} py="xl">
      <Card withBorder padding="xl" radius="md">
        <LoadingMask visible={optIn.isPending}>
          {optIn.isError && (
            <Alert color="red" title={t('optIn.invalidTitle')}>{errorText(optIn.error, i18n.language, t('optIn.invalidText'))}</Alert>
          )}
          {current && (
            <Stack>
              <Group gap="sm">
                <IconMailCheck size={24} aria-hidden />
                <Title order={1} fz={22}>{current.state === 'confirmed' ? t('optIn.doneTitle') : t('optIn.title')}</Title>
              </Group>
              {current.state === 'confirmed' ? (
                <Text data-testid="opt-in-confirmed">
                  {t('optIn.doneText', { email: current.email, seller: current.sellerName, at: current.confirmedAt ? formatDateTime(current.confirmedAt, i18n.language) : '' })}
                </Text>
              ) : (
                <>
                  <Text>{t('optIn.text', { email: current.email, seller: current.sellerName })}</Text>
                  <Text size="sm" c="dimmed">{t('optIn.note')}</Text>
                  <FormError error={confirm.error} />
                  <Button onClick={() => confirm.mutate()} loading={confirm.isPending} w="fit-content" data-testid="opt-in-confirm">{t('optIn.confirm')}</Button>
                </>
              )}
            </Stack>
          )}
        </LoadingMask>
      </Card>
    </Container>
  )
}
