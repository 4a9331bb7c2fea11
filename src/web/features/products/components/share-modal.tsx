import { ActionIcon, Alert, Button, Checkbox, CopyButton, Group, ScrollArea, Stack, Stepper, Text, TextInput, Textarea } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconArrowDown, IconArrowUp, IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { formatMoney } from '../../../../shared/money'
import { createShareInput, defaultShareButtonText, shareLimits } from '../../../../shared/schemas/shares'
import { FormError } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { textInputProps, useZodForm } from '../../../lib/forms'
import type { Product } from '../api/types'
import { currencyOf } from './money'
import { createShare, shareableProductsQuery, sharesKey, type Share } from '../api/shares'

// The multi-item share dialog (docs/reference/catalogue-and-selling.md §2: select, edit, generate, link;
// docs/decisions/0067-multi-item-shares.md): the seller picks products, words the page, makes the link and copies it.

type Item = { product: Pick<Product, 'id' | 'name'>; text: string }
const steps = ['select', 'edit', 'generate', 'link'] as const
/** The dialog's texts, checked by the request's own schema; `items` only carries the server's message about a product. */
const textsInput = createShareInput.pick({ title: true, description: true, button_text: true }).extend({ items: z.string().optional() })

function priceOf(product: Product, free: string): string {
  if (product.free) return free
  const amount = product.shopPrice.displayPrice
  return amount === null ? '' : formatMoney({ amount, currency: currencyOf(product.shopPrice.currencyId) })
}

export function ShareModal({ opened, onClose, initialProductIds = [] }: { opened: boolean; onClose: () => void; initialProductIds?: number[] }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [step, setStep] = useState(0)
  const [search, setSearch] = useState('')
  const [chosen, setChosen] = useState<Item[]>([])
  const [made, setMade] = useState<Share | null>(null)
  const products = useQuery({ ...shareableProductsQuery(search), enabled: opened })
  const form = useZodForm(textsInput, { title: '', description: '', button_text: defaultShareButtonText, items: '' }, i18n.language)
  const generate = useMutation({
    mutationFn: createShare,
    onSuccess: ({ share }) => {
      setMade(share)
      setStep(3)
      void queryClient.invalidateQueries({ queryKey: sharesKey })
    },
    onError: (error) => form.fail(error),
  })

  // Products preselected in the list are chosen once they are loaded.
  const [preselected, setPreselected] = useState(false)
  if (opened && !preselected && initialProductIds.length > 0 && products.data) {
    setPreselected(true)
    setChosen(products.data.list.filter((p) => initialProductIds.includes(p.id) && !p.accessPassword).map((p) => ({ product: p, text: '' })))
  }

  function close() {
    setStep(0)
    setSearch('')
    setChosen([])
    setMade(null)
    setPreselected(false)
    form.reset()
    onClose()
  }

  const toggle = (product: Product, on: boolean) =>
    setChosen((list) => (on ? (list.length < shareLimits.maxItems ? [...list, { product, text: '' }] : list) : list.filter((i) => i.product.id !== product.id)))
  const move = (index: number, by: -1 | 1) => setChosen((list) => {
    const next = [...list]
    const [item] = next.splice(index, 1)
    next.splice(index + by, 0, item!)
    return next
  })
  const setText = (index: number, text: string) => setChosen((list) => list.map((item, i) => (i === index ? { ...item, text } : item)))

  function submit() {
    const texts = form.validate()
    if (!texts) {
      setStep(1)
      return
    }
    generate.mutate({
      title: texts.title, description: texts.description, button_text: texts.button_text,
      items: chosen.map((i) => ({ product_id: i.product.id, text: i.text })),
    })
  }

  return (
    <Modal opened={opened} onClose={close} title={t('shares.dialog.title')} size="xl">
      <Stepper active={step} onStepClick={(index) => { if (index < 3 && !made && (index === 0 || chosen.length > 0)) setStep(index) }} size="sm" data-testid="share-stepper">
        <Stepper.Step label={t(`shares.steps.${steps[0]}`)}>
          <Stack gap="sm" mt="md">
            <TextInput placeholder={t('shares.dialog.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} data-testid="share-search" />
            <Text size="sm" c="dimmed">{t('shares.dialog.chosen', { count: chosen.length, max: shareLimits.maxItems })}</Text>
            <ScrollArea.Autosize mah={360}>
              <Stack gap={6}>
                {(products.data?.list ?? []).map((p) => {
                  const locked = Boolean(p.accessPassword)
                  return (
                    <Checkbox
                      key={p.id}
                      checked={chosen.some((i) => i.product.id === p.id)}
                      disabled={locked}
                      onChange={(e) => toggle(p, e.currentTarget.checked)}
                      label={`${p.name}${priceOf(p, t('products.free')) ? ` · ${priceOf(p, t('products.free'))}` : ''}`}
                      description={locked ? t('shares.dialog.locked') : undefined}
                      data-testid={`share-pick-${p.id}`}
                    />
                  )
                })}
                {products.data?.list.length === 0 && <Text c="dimmed" size="sm">{t('shares.dialog.noProducts')}</Text>}
              </Stack>
            </ScrollArea.Autosize>
            <Group justify="flex-end">
              <Button disabled={chosen.length === 0} onClick={() => setStep(1)} data-testid="share-next">{t('shares.dialog.next')}</Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t(`shares.steps.${steps[1]}`)}>
          <Stack gap="sm" mt="md">
            <TextInput label={t('shares.fields.title')} required maxLength={shareLimits.title} {...textInputProps(form.field('title'))} data-testid="share-title" />
            <Textarea label={t('shares.fields.description')} autosize minRows={2} maxLength={shareLimits.description} {...textInputProps(form.field('description'))} data-testid="share-description" />
            <TextInput label={t('shares.fields.buttonText')} maxLength={shareLimits.buttonText} {...textInputProps(form.field('button_text'))} data-testid="share-button-text" />
            <Text fw={600} size="sm">{t('shares.fields.items')}</Text>
            {chosen.map((item, index) => (
              <Group key={item.product.id} align="flex-start" wrap="nowrap">
                <Stack gap={0}>
                  <ActionIcon variant="subtle" size="sm" disabled={index === 0} onClick={() => move(index, -1)} aria-label={t('shares.dialog.up', { name: item.product.name })}><IconArrowUp size={14} /></ActionIcon>
                  <ActionIcon variant="subtle" size="sm" disabled={index === chosen.length - 1} onClick={() => move(index, 1)} aria-label={t('shares.dialog.down', { name: item.product.name })}><IconArrowDown size={14} /></ActionIcon>
                </Stack>
                <Textarea
                  style={{ flex: 1 }} label={item.product.name} placeholder={t('shares.fields.itemText')} autosize minRows={1} maxLength={shareLimits.itemText}
                  value={item.text} onChange={(e) => setText(index, e.currentTarget.value)} data-testid={`share-item-text-${item.product.id}`}
                />
              </Group>
            ))}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(0)}>{t('shares.dialog.back')}</Button>
              <Button onClick={() => { if (form.validate()) setStep(2) }} data-testid="share-next-edit">{t('shares.dialog.next')}</Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t(`shares.steps.${steps[2]}`)}>
          <Stack gap="sm" mt="md">
            <Text>{t('shares.dialog.summary', { count: chosen.length, title: form.values.title })}</Text>
            <FormError error={form.formError} />
            {form.errors.items && <Alert color="red" variant="light" data-testid="share-items-error">{form.errors.items}</Alert>}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(1)}>{t('shares.dialog.back')}</Button>
              <Button loading={generate.isPending} onClick={submit} data-testid="share-generate">{t('shares.dialog.generate')}</Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t(`shares.steps.${steps[3]}`)}>
          {made && (
            <Stack gap="sm" mt="md">
              <Text>{t('shares.dialog.ready')}</Text>
              <Group wrap="nowrap">
                <TextInput readOnly value={made.url} style={{ flex: 1 }} data-testid="share-url" aria-label={t('shares.columns.link')} />
                <CopyButton value={made.url}>
                  {({ copied, copy }) => (
                    <Button variant="default" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy} data-testid="share-copy">
                      {copied ? t('shares.copied') : t('shares.copy')}
                    </Button>
                  )}
                </CopyButton>
                <ActionIcon variant="default" size="lg" component="a" href={made.url} target="_blank" rel="noopener" aria-label={t('shares.open')}><IconExternalLink size={16} /></ActionIcon>
              </Group>
              <Group justify="flex-end"><Button onClick={close} data-testid="share-done">{t('shares.dialog.done')}</Button></Group>
            </Stack>
          )}
        </Stepper.Step>
      </Stepper>
    </Modal>
  )
}
