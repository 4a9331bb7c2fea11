import { Container, Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

// The frame of every account screen (sign in, sign up, confirmation, password).
export function AuthCard({ title, subtitle, children, size = 460 }: { title: string; subtitle?: ReactNode; children: ReactNode; size?: number }) {
  return (
    <Container size={size} py="xl">
      <Stack gap="xs" mb="lg">
        <Title order={1} fz={28}>{title}</Title>
        {subtitle && <Text c="dimmed">{subtitle}</Text>}
      </Stack>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        {children}
      </Paper>
    </Container>
  )
}
