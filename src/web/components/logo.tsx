import { Group, Text, ThemeIcon } from '@mantine/core'
import { IconBuildingStore } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} style={{ textDecoration: 'none', color: 'inherit' }} aria-label="Sellfront">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={32} radius="md" variant="filled" aria-hidden>
          <IconBuildingStore size={20} />
        </ThemeIcon>
        <Text fw={700} fz="lg" visibleFrom="xs">Sellfront</Text>
      </Group>
    </Link>
  )
}
