import { Badge, EmptyState, Stack, Title } from '@mantine/core'
import { IconTools } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

// The honest page for a screen whose feature is not built yet: its name, what it will hold, no fake data.
export type ComingSoonProps = { title: string; description: string; children?: ReactNode }

export function ComingSoon({ title, description, children }: ComingSoonProps) {
  const { t } = useTranslation()
  return (
    <Stack gap="lg">
      <Title order={2}>{title}</Title>
      <EmptyState
        icon={<IconTools size={28} aria-hidden />}
        variant="light"
        title={<>{t('soon.title')} <Badge variant="light" color="gray" ml={6}>{t('soon.badge')}</Badge></>}
        description={description}
        maw={560}
        mx="auto"
        py="xl"
      >
        {children}
      </EmptyState>
    </Stack>
  )
}
