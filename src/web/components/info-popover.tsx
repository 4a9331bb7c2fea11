import { ActionIcon, Group, Popover, Text } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

// docs/reference/catalogue-and-selling.md §4: an info popover toggles on click (help texts next to selects and fields).
// A button that opens a dialog: Enter and Space toggle it (a native button), Escape closes it and keeps the focus there.
export type InfoPopoverProps = { children: ReactNode; label?: string; width?: number; testId?: string }

export function InfoPopover({ children, label, width = 280, testId }: InfoPopoverProps) {
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
          onKeyDown={(event) => {
            if (event.key === 'Escape' && opened) {
              event.stopPropagation()
              setOpened(false)
            }
          }}
          data-testid={testId}
        >
          <IconInfoCircle size={20} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown data-testid={testId ? `${testId}-text` : undefined}>
        <Text size="sm">{children}</Text>
      </Popover.Dropdown>
    </Popover>
  )
}

/**
 * A field with its help popover beside it (docs/decisions/0090-help-popovers.md). The button sits next to the
 * input, not in its label: a <label> may hold no button, and the field's name stays its label alone.
 */
export type FieldHelpProps = { field: string; help: ReactNode; testId?: string | undefined; /** false: the button follows the field's own width (radios, checkboxes) instead of the row's end. */ grow?: boolean | undefined }

export function FieldHelp({ field, help, testId, grow = true, children }: FieldHelpProps & { children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Group gap={4} wrap="nowrap" align="center">
      <div style={grow ? { flex: 1, minWidth: 0 } : { minWidth: 0 }}>{children}</div>
      <InfoPopover label={t('help.about', { field })} testId={testId}>{help}</InfoPopover>
    </Group>
  )
}

/** Spread into a Mantine input (Select, Radio.Group...): `<Select label={name} {...withHelp(name, text)} />`. */
export function withHelp(field: string, help: ReactNode, testId?: string, grow = true): { inputContainer: (children: ReactNode) => ReactNode } {
  return { inputContainer: (children) => <FieldHelp field={field} help={help} testId={testId} grow={grow}>{children}</FieldHelp> }
}
