import { ActionIcon, Alert, Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { funnelNodeKinds, graphProblems, maxFunnelNodes, type FunnelNodeKind } from '../../../../shared/funnels/funnel-graph'
import { funnelNodeTextFields, saveFunnelNodesInput, type SaveFunnelNodesInput } from '../../../../shared/schemas/funnels'
import { TextLanguageCards, textDraftsOf, textTranslationsInputOf, type TextDrafts } from '../../../components/text-language-cards'
import { money } from '../../../lib/format'
import type { FunnelDetail, ProductChoice } from '../api/funnels'

// The node editor (docs/decisions/0066-funnels.md): one form per node with its kind, offer (product and plan),
// funnel page and where accept and decline lead (another node or the end). Links are kept by node key while
// editing and sent as places in the list; the shared schema and graph rules check the whole before saving. An
// offer's headline may be given in other languages (docs/decisions/0095-product-translations.md), sent with the
// node as its whole set.

type Draft = { key: string; id?: number; kind: FunnelNodeKind; productId: string | null; planId: string | null; pageId: string | null; headline: string; translations: TextDrafts<'headline'>; accept: string | null; decline: string | null }

let keys = 0
const newKey = () => `n${++keys}`

function draftsOf(funnel: FunnelDetail): Draft[] {
  const keyOf = new Map(funnel.nodes.map((n) => [n.id, `id${n.id}`]))
  return funnel.nodes.map((n) => ({
    key: keyOf.get(n.id)!, id: n.id, kind: n.kind, productId: n.productId === null ? null : String(n.productId), planId: n.pricingPlanId === null ? null : String(n.pricingPlanId),
    pageId: n.pageId === null ? null : String(n.pageId), headline: n.headline ?? '', translations: textDraftsOf(n.translations, funnelNodeTextFields),
    accept: n.acceptNodeId === null ? null : keyOf.get(n.acceptNodeId) ?? null, decline: n.declineNodeId === null ? null : keyOf.get(n.declineNodeId) ?? null,
  }))
}

export function NodeEditor({ funnel, products, pages, saving, error, onSave }: {
  funnel: FunnelDetail
  products: ProductChoice[]
  pages: { id: number; name: string }[]
  saving: boolean
  error: string | null
  onSave: (input: SaveFunnelNodesInput) => void
}) {
  const { t } = useTranslation()
  const [drafts, setDrafts] = useState<Draft[]>(() => draftsOf(funnel))
  const [problem, setProblem] = useState<string | null>(null)
  const change = (key: string, patch: Partial<Draft>) => setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...patch } : d)))
  const remove = (key: string) => setDrafts((list) => list.filter((d) => d.key !== key).map((d) => ({ ...d, accept: d.accept === key ? null : d.accept, decline: d.decline === key ? null : d.decline })))
  const move = (index: number, by: number) => setDrafts((list) => {
    const next = [...list]
    const [item] = next.splice(index, 1)
    next.splice(index + by, 0, item!)
    return next
  })
  const label = (d: Draft, index: number) => `${index + 1}. ${t(`funnels.kinds.${d.kind}`)}${d.productId ? ` · ${products.find((p) => String(p.id) === d.productId)?.name ?? ''}` : ''}`

  const save = () => {
    const place = new Map(drafts.map((d, i) => [d.key, i]))
    const input = {
      nodes: drafts.map((d) => {
        const offers = d.kind !== 'thank_you'
        return {
          ...(d.id !== undefined ? { id: d.id } : {}), kind: d.kind,
          product_id: offers && d.productId ? Number(d.productId) : null, pricing_plan_id: offers && d.planId ? Number(d.planId) : null,
          page_id: d.pageId ? Number(d.pageId) : null, headline: offers ? d.headline : null,
          translations: offers ? textTranslationsInputOf(d.translations, funnelNodeTextFields) : null,
          accept: offers && d.accept ? place.get(d.accept) ?? null : null, decline: offers && d.decline ? place.get(d.decline) ?? null : null,
        }
      }),
    }
    const parsed = saveFunnelNodesInput.safeParse(input)
    if (!parsed.success) {
      setProblem(t('funnels.editor.incomplete'))
      return
    }
    if (graphProblems(parsed.data.nodes.map((n) => ({ kind: n.kind, accept: n.accept ?? null, decline: n.decline ?? null }))).length > 0) {
      setProblem(t('funnels.editor.cycle'))
      return
    }
    setProblem(null)
    onSave(parsed.data)
  }

  return (
    <Stack data-testid="funnel-node-editor">
      <Text size="sm" c="dimmed">{t('funnels.editor.lead')}</Text>
      {drafts.map((d, index) => {
        const product = products.find((p) => String(p.id) === d.productId)
        const targets = [{ value: '', label: t('funnels.editor.end') }, ...drafts.filter((o) => o.key !== d.key).map((o) => ({ value: o.key, label: label(o, drafts.indexOf(o)) }))]
        return (
          <Card key={d.key} withBorder data-testid="funnel-node">
            <Group justify="space-between" mb="xs">
              <Text fw={600}>{label(d, index)}{index === 0 ? ` · ${t('funnels.editor.start')}` : ''}</Text>
              <Group gap={4}>
                <ActionIcon variant="subtle" disabled={index === 0} onClick={() => move(index, -1)} aria-label={t('funnels.editor.up')}><IconArrowUp size={16} /></ActionIcon>
                <ActionIcon variant="subtle" disabled={index === drafts.length - 1} onClick={() => move(index, 1)} aria-label={t('funnels.editor.down')}><IconArrowDown size={16} /></ActionIcon>
                <ActionIcon variant="subtle" color="red" onClick={() => remove(d.key)} aria-label={t('funnels.editor.remove')}><IconTrash size={16} /></ActionIcon>
              </Group>
            </Group>
            <Group grow align="flex-start">
              <Select label={t('funnels.editor.kind')} data={funnelNodeKinds.map((k) => ({ value: k, label: t(`funnels.kinds.${k}`) }))} value={d.kind} allowDeselect={false}
                onChange={(v) => change(d.key, { kind: (v ?? 'upsell') as FunnelNodeKind })} />
              <Select label={t('funnels.editor.page')} data={[{ value: '', label: t('funnels.editor.defaultLayout') }, ...pages.map((p) => ({ value: String(p.id), label: p.name }))]}
                value={d.pageId ?? ''} onChange={(v) => change(d.key, { pageId: v || null })} />
            </Group>
            {d.kind !== 'thank_you' && (
              <>
                <Group grow align="flex-start" mt="xs">
                  <Select label={t('funnels.editor.product')} searchable data={products.map((p) => ({ value: String(p.id), label: p.name }))} value={d.productId}
                    onChange={(v) => change(d.key, { productId: v, planId: products.find((p) => String(p.id) === v)?.pricingPlans[0] ? String(products.find((p) => String(p.id) === v)!.pricingPlans[0]!.id) : null })} />
                  <Select label={t('funnels.editor.plan')} data={(product?.pricingPlans ?? []).map((p) => ({
                    value: String(p.id), label: `${p.name ?? t(`funnels.editor.planForm`, { form: p.form })} · ${money(p.price ?? p.firstAmount ?? 0, p.currencyId)}`,
                  }))} value={d.planId} onChange={(v) => change(d.key, { planId: v })} />
                </Group>
                <TextInput mt="xs" label={t('funnels.editor.headline')} value={d.headline} maxLength={200} onChange={(e) => change(d.key, { headline: e.currentTarget.value })} />
                <Stack mt="xs">
                  <TextLanguageCards drafts={d.translations} onChange={(translations) => change(d.key, { translations })} testId={`funnel-node-${index}`}
                    fields={[{ name: 'headline', label: t('funnels.editor.headline'), maxLength: 200, base: d.headline }]} />
                </Stack>
                <Group grow align="flex-start" mt="xs">
                  <Select label={t('funnels.editor.accept')} data={targets} value={d.accept ?? ''} onChange={(v) => change(d.key, { accept: v || null })} />
                  <Select label={t('funnels.editor.decline')} data={targets} value={d.decline ?? ''} onChange={(v) => change(d.key, { decline: v || null })} />
                </Group>
              </>
            )}
          </Card>
        )
      })}
      {(problem ?? error) && <Alert color="red">{problem ?? error}</Alert>}
      <Group>
        <Button variant="default" leftSection={<IconPlus size={16} />} disabled={drafts.length >= maxFunnelNodes}
          onClick={() => setDrafts((list) => [...list, { key: newKey(), kind: list.length === 0 ? 'upsell' : 'downsell', productId: null, planId: null, pageId: null, headline: '', translations: {}, accept: null, decline: null }])}>
          {t('funnels.editor.add')}
        </Button>
        <Button onClick={save} loading={saving} data-testid="funnel-save-nodes">{t('funnels.editor.save')}</Button>
      </Group>
    </Stack>
  )
}
