import { Anchor, Badge, Group, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { isSellBlocking, type ProductStatus } from '../../../../shared/catalog'

// Why a product cannot sell (docs/reference/catalogue-and-selling.md §8), as the server computed it with the shared rules.
// "Finish registration" links to the seller profile edit.

export function ProductStatuses({ statuses, compact = false }: { statuses: readonly ProductStatus[]; compact?: boolean }) {
  const { t } = useTranslation()
  if (statuses.length === 0) {
    return <Badge color="green" variant="light" data-testid="product-can-sell">{t('products.canSell')}</Badge>
  }
  const items = statuses.map((status) => {
    const color = isSellBlocking(status) ? 'orange' : 'gray'
    if (status === 'finish_registration') {
      return (
        <Anchor
          key={status}
          renderRoot={(props) => <Link {...props} to="/cabinet/profile/edit" search={{ seller_profile_edit: true }} />}
          size="sm"
          data-status={status}
          data-testid="status-finish-registration"
        >
          {t('products.statuses.finish_registration')}
        </Anchor>
      )
    }
    return compact ? (
      <Badge key={status} color={color} variant="light" radius="sm" data-status={status}>{t(`products.statuses.${status}`)}</Badge>
    ) : (
      <Text key={status} size="sm" c={color === 'orange' ? 'orange.8' : 'dimmed'} data-status={status}>{t(`products.statusTexts.${status}`)}</Text>
    )
  })
  return compact
    ? <Group gap={4} wrap="wrap" data-testid="product-statuses">{items}</Group>
    : <Stack gap={4} data-testid="product-statuses">{items}</Stack>
}
