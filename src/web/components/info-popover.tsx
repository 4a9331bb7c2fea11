import { ActionIcon, Popover, Text } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

// docs/reference/catalogue-and-selling.md §4: an info popover toggles on click (help texts next to selects and fields).
export type InfoPopoverProps = { children: ReactNode; label?: string; width?: number }

export function InfoPopover({ children, label, width = 280 }: InfoPopoverProps) {
  const { t } = useTranslation()
  const [opened, setOpened] = useState(false)
  return (
    <Popover opened={opened} onChange={setOpened} width={width} position="top" withArrow shadow="md" offset={8}>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={label ?? t('common.moreInfo')}
          aria-expanded={opened}
          onClick={() => setOpened((open) => !open)}
        >
          <IconInfoCircle size={20} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">{children}</Text>
      </Popover.Dropdown>
    </Popover>
  )
}
