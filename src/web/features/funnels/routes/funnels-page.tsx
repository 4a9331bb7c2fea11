import { Alert, Button, Card, Group, MultiSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createFunnelInput } from '../../../../shared/schemas/funnels'
import { useConfirm } from '../../../components/confirm-modal'
import { errorText } from '../../../components/form-error'
import { money } from '../../../lib/format'
import {
  archiveFunnel, createFunnel, funnelPagesQuery, funnelQuery, funnelsKey, funnelsQuery, funnelStatsQuery, productChoicesQuery, saveFunnelNodes, updateFunnel, type FunnelDetail, type ProductChoice,
} from '../api/funnels'
import { NodeEditor } from '../components/node-editor'
import { FeatureGate } from '../../../components/feature-off'

// /cabinet/funnels (docs/decisions/0066-funnels.md): the seller's funnels, a new one, and for the one chosen its
// name and products, the node editor and the conversion figures per node.

/** Behind the funnels flag: the notice of docs/decisions/0077-feature-flags.md when it is off. */
export function FunnelsPage() {
  return <FeatureGate flag="funnels"><FunnelsPageContent /></FeatureGate>
}

function FunnelsPageContent() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const list = useQuery(funnelsQuery())
  const [selected, setSelected] = useState<number | null>(null)
  const [name, setName] = useState('')
  const [createError, setCreateError] = useState<string | null>(null)
  const create = useMutation({
    mutationFn: createFunnel,
    onSuccess: (funnel) => {
      setName('')
      void queryClient.invalidateQueries({ queryKey: funnelsKey })
      setSelected(funnel.id)
    },
    onError: (error) => setCreateError(errorText(error, 'en', t('funnels.saveFailed'))),
  })
  const submit = () => {
    const parsed = createFunnelInput.safeParse({ name })
    if (!parsed.success) return setCreateError(t('funnels.nameRequired'))
    setCreateError(null)
    create.mutate(parsed.data)
  }

  return (
    <Stack data-testid="funnels-page">
      <Title order={2}>{t('funnels.title')}</Title>
      <Text c="dimmed">{t('funnels.lead')}</Text>
      <Card withBorder>
        <Group align="flex-end">
          <TextInput label={t('funnels.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={120} style={{ flex: 1 }} data-testid="funnel-name" />
          <Button leftSection={<IconPlus size={16} />} onClick={submit} loading={create.isPending} data-testid="funnel-create">{t('funnels.new')}</Button>
        </Group>
        {createError && <Alert color="red" mt="sm">{createError}</Alert>}
      </Card>
      <Table striped highlightOnHover data-testid="funnels-list">
        <Table.Thead><Table.Tr><Table.Th>{t('funnels.name')}</Table.Th><Table.Th>{t('funnels.nodes')}</Table.Th><Table.Th>{t('funnels.products')}</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {(list.data?.list ?? []).map((f) => (
            <Table.Tr key={f.id} onClick={() => setSelected(f.id)} style={{ cursor: 'pointer' }} bg={selected === f.id ? 'var(--mantine-color-blue-light)' : undefined}>
              <Table.Td>{f.name}</Table.Td><Table.Td>{f.nodesCount}</Table.Td><Table.Td>{f.productIds.length}</Table.Td>
            </Table.Tr>
          ))}
          {list.data?.list.length === 0 && <Table.Tr><Table.Td colSpan={3}><Text c="dimmed">{t('funnels.empty')}</Text></Table.Td></Table.Tr>}
        </Table.Tbody>
      </Table>
      {selected !== null && <FunnelPanel key={selected} id={selected} onArchived={() => setSelected(null)} />}
    </Stack>
  )
}

function FunnelPanel({ id, onArchived }: { id: number; onArchived: () => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const funnel = useQuery(funnelQuery(id))
  const products = useQuery(productChoicesQuery())
  const pages = useQuery(funnelPagesQuery())
  const { confirm, modal } = useConfirm()
  const [error, setError] = useState<string | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: funnelsKey })
  const saveNodes = useMutation({
    mutationFn: (input: Parameters<typeof saveFunnelNodes>[1]) => saveFunnelNodes(id, input),
    onSuccess: (saved) => {
      setError(null)
      queryClient.setQueryData(funnelQuery(id).queryKey, saved)
      void refresh()
    },
    onError: (failed) => setError(errorText(failed, 'en', t('funnels.saveFailed'))),
  })
  const setProducts = useMutation({ mutationFn: (productIds: number[]) => updateFunnel(id, { product_ids: productIds }), onSuccess: () => void refresh() })
  const archive = useMutation({ mutationFn: () => archiveFunnel(id), onSuccess: () => { void refresh(); onArchived() } })
  if (!funnel.data || !products.data) return null
  const choices: ProductChoice[] = products.data.list
  return (
    <Card withBorder data-testid="funnel-panel">
      {modal}
      <Stack>
        <Group justify="space-between">
          <Title order={3}>{funnel.data.name}</Title>
          <Button color="red" variant="subtle" onClick={() => confirm({ name: funnel.data.name, title: t('funnels.archiveTitle'), text: t('funnels.archiveText'), confirmLabel: t('funnels.archive'), onConfirm: () => archive.mutate() })}>{t('funnels.archive')}</Button>
        </Group>
        <MultiSelect label={t('funnels.leadingProducts')} description={t('funnels.leadingProductsHint')} searchable data={choices.map((p) => ({ value: String(p.id), label: p.name }))}
          value={funnel.data.productIds.map(String)} onChange={(v) => setProducts.mutate(v.map(Number))} />
        <NodeEditor funnel={funnel.data} products={choices} pages={(pages.data?.list ?? []).filter((p) => p.publishedVersion !== null)} saving={saveNodes.isPending} error={error} onSave={(input) => saveNodes.mutate(input)} />
        <FunnelFigures funnel={funnel.data} products={choices} />
      </Stack>
    </Card>
  )
}

function FunnelFigures({ funnel, products }: { funnel: FunnelDetail; products: ProductChoice[] }) {
  const { t } = useTranslation()
  const stats = useQuery(funnelStatsQuery(funnel.id))
  const rate = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part * 100) / whole)} %`)
  return (
    <Stack gap="xs" data-testid="funnel-figures">
      <Title order={4}>{t('funnels.figures.title')}</Title>
      <Table>
        <Table.Thead><Table.Tr>
          <Table.Th>{t('funnels.figures.node')}</Table.Th><Table.Th>{t('funnels.figures.views')}</Table.Th><Table.Th>{t('funnels.figures.accepts')}</Table.Th>
          <Table.Th>{t('funnels.figures.declines')}</Table.Th><Table.Th>{t('funnels.figures.conversion')}</Table.Th><Table.Th>{t('funnels.figures.revenue')}</Table.Th>
        </Table.Tr></Table.Thead>
        <Table.Tbody>
          {(stats.data?.nodes ?? []).map((n, i) => {
            const node = funnel.nodes.find((x) => x.id === n.nodeId)
            const product = products.find((p) => p.id === node?.productId)
            return (
              <Table.Tr key={n.nodeId}>
                <Table.Td>{i + 1}. {t(`funnels.kinds.${n.kind}`)}{product ? ` · ${product.name}` : ''}</Table.Td>
                <Table.Td>{n.views}</Table.Td><Table.Td>{n.accepts}</Table.Td><Table.Td>{n.declines}</Table.Td>
                <Table.Td>{rate(n.accepts, n.accepts + n.declines)}</Table.Td>
                <Table.Td>{n.revenue.length === 0 ? '–' : n.revenue.map((r) => money(r.amount, r.currency)).join(', ')}</Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  )
}
