import { ActionIcon, Button, Card, Group, Menu, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { landingBlockKinds, moveBlock, propsOfKind, type LandingBlock } from './landing-blocks'

// The program's landing page for publishers as a list of blocks of the affiliate page type
// (docs/decisions/0048-affiliates.md): add, remove and reorder blocks, each with a few text props.

export function LandingBlocksEditor({ blocks, onChange }: { blocks: LandingBlock[]; onChange: (next: LandingBlock[]) => void }) {
  const { t } = useTranslation()
  const setProp = (index: number, name: string, value: string) =>
    onChange(blocks.map((b, i) => (i === index ? { ...b, props: { ...b.props, [name]: value } } : b)))
  return (
    <Stack gap="xs" data-testid="affiliate-landing-blocks">
      {blocks.length === 0 && <Text size="sm" c="dimmed">{t('affiliates.landing.empty')}</Text>}
      {blocks.map((block, index) => (
        <Card key={index} withBorder padding="sm" data-testid={`affiliate-landing-block-${index}`} data-kind={block.kind}>
          <Group justify="space-between" mb={propsOfKind[block.kind].length ? 'xs' : 0}>
            <Text fw={500} size="sm">{t(`affiliates.landing.kinds.${block.kind}`)}</Text>
            <Group gap={4}>
              <ActionIcon variant="subtle" aria-label={t('affiliates.landing.up')} disabled={index === 0} onClick={() => onChange(moveBlock(blocks, index, -1))}><IconArrowUp size={16} /></ActionIcon>
              <ActionIcon variant="subtle" aria-label={t('affiliates.landing.down')} disabled={index === blocks.length - 1} onClick={() => onChange(moveBlock(blocks, index, 1))}><IconArrowDown size={16} /></ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={t('affiliates.landing.remove')} onClick={() => onChange(blocks.filter((_, i) => i !== index))}><IconTrash size={16} /></ActionIcon>
            </Group>
          </Group>
          <Stack gap="xs">
            {propsOfKind[block.kind].map((name) => {
              const value = typeof block.props[name] === 'string' ? (block.props[name] as string) : ''
              return name === 'text'
                ? <Textarea key={name} label={t(`affiliates.landing.props.${name}`)} autosize minRows={2} value={value} onChange={(e) => setProp(index, name, e.currentTarget.value)} />
                : <TextInput key={name} label={t(`affiliates.landing.props.${name}`)} value={value} onChange={(e) => setProp(index, name, e.currentTarget.value)} />
            })}
          </Stack>
        </Card>
      ))}
      <Menu position="bottom-start">
        <Menu.Target>
          <Button variant="default" size="xs" leftSection={<IconPlus size={14} />} w="fit-content" disabled={blocks.length >= 50} data-testid="affiliate-landing-add">
            {t('affiliates.landing.add')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {landingBlockKinds.map((kind) => (
            <Menu.Item key={kind} onClick={() => onChange([...blocks, { kind, props: {} }])}>{t(`affiliates.landing.kinds.${kind}`)}</Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Stack>
  )
}
