import { Alert, Button, Center, Container, Loader, Stack } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { NotFoundState } from '../components/not-found-state'
import type { Area } from '../lib/profiles'

// The small pages every route shares: not found, loading and failed.

export function PublicNotFound() {
  const { t } = useTranslation()
  return (
    <Container size="sm" py="xl">
      <NotFoundState homePath="/" homeLabel={t('notFound.toHome')} />
    </Container>
  )
}

export function AreaNotFound({ area }: { area: Area }) {
  const { t } = useTranslation()
  return <NotFoundState homePath={`/${area}`} homeLabel={t('notFound.toArea', { area: t(`areas.${area}`) })} />
}

export function RoutePending() {
  const { t } = useTranslation()
  return (
    <Center py="xl" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  )
}

export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation()
  const router = useRouter()
  const retry = () => {
    reset()
    void router.invalidate()
  }
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Alert color="red" icon={<IconAlertCircle size={20} />} title={t('errors.pageTitle')}>
          {error instanceof Error && error.message ? error.message : t('errors.pageText')}
        </Alert>
        <Button variant="light" onClick={retry} w="fit-content">{t('common.tryAgain')}</Button>
      </Stack>
    </Container>
  )
}
