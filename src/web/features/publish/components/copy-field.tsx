import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/** A link or snippet shown in one line with a copy button. */
export function CopyField({ label, value, testId }: { label?: string; value: string; testId?: string }) {
  const { t } = useTranslation()
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      {label && <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{label}</Text>}
      <Text size="sm" ff="monospace" truncate="end" title={value} data-testid={testId} style={{ minWidth: 0 }}>{value}</Text>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('publisher.copied') : t('publisher.copy')} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={t('publisher.copy')} data-testid={testId ? `${testId}-copy` : undefined}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  )
}
