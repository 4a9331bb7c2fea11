import { Anchor, Group, Stack, Tabs, Text, Title } from '@mantine/core'
import { Link, useNavigate } from '@tanstack/react-router'
import { IconArrowLeft } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useSearchParam } from '../../../lib/search'
import { CategoryTreeEditor } from '../components/categories/category-tree-editor'
import { ShopCategoriesEditor } from '../components/categories/shop-categories-editor'

// /cabinet/products/categories: the category tree (?tab=tree, the default) and the shop categories
// (?tab=shop); the tab survives a reload.

export function CategoriesPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const tab = useSearchParam('tab') === 'shop' ? 'shop' : 'tree'
  return (
    <Stack gap="lg" data-testid="categories-page">
      <Anchor component={Link} to="/cabinet/products" size="sm">
        <Group gap={4}><IconArrowLeft size={14} />{t('products.wizard.backToList')}</Group>
      </Anchor>
      <Stack gap={4}>
        <Title order={2}>{t('categories.pageTitle')}</Title>
        <Text c="dimmed">{t('categories.pageText')}</Text>
      </Stack>
      <Tabs value={tab} onChange={(value) => void navigate({ href: `/cabinet/products/categories${value === 'shop' ? '?tab=shop' : ''}`, replace: true })}>
        <Tabs.List>
          <Tabs.Tab value="tree" data-testid="tab-category-tree">{t('categories.title')}</Tabs.Tab>
          <Tabs.Tab value="shop" data-testid="tab-shop-categories">{t('shopCategories.title')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tree" pt="md">{tab === 'tree' && <CategoryTreeEditor />}</Tabs.Panel>
        <Tabs.Panel value="shop" pt="md">{tab === 'shop' && <ShopCategoriesEditor />}</Tabs.Panel>
      </Tabs>
    </Stack>
  )
}
