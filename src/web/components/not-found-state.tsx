import { Button, EmptyState } from '@mantine/core'
import { IconMapQuestion } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

// The catch-all page of every area and of the public site.
export type NotFoundStateProps = { homePath: string; homeLabel: string }

export function NotFoundState({ homePath, homeLabel }: NotFoundStateProps) {
  const { t } = useTranslation()
  return (
    <EmptyState
      icon={<IconMapQuestion size={28} aria-hidden />}
      variant="light"
      title={t('notFound.title')}
      description={t('notFound.description')}
      py="xl"
      data-testid="not-found"
    >
      <EmptyState.Actions>
        <Button component={Link} to={homePath}>{homeLabel}</Button>
      </EmptyState.Actions>
    </EmptyState>
  )
}
