import { Button, Group, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** The save button of a step, with a "saved" hint after a successful save. */
export function SaveBar({ loading, saved }: { loading: boolean; saved: boolean }) {
  const { t } = useTranslation()
  return (
    <Group justify="flex-end">
      {saved && <Text size="sm" c="green" data-testid="step-saved">{t('products.wizard.saved')}</Text>}
      <Button type="submit" loading={loading} data-testid="step-save">{t('common.save')}</Button>
    </Group>
  )
}
