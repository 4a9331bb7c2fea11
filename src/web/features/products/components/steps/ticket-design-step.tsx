import { ActionIcon, Anchor, Button, Checkbox, FileButton, Group, Select, SimpleGrid, Stack, Switch, Text, Textarea } from '@mantine/core'
import { htmlLang, languageNames, localeCodes } from '../../../../../shared/i18n/locales'
import { HexColorInput } from '../../../../components/hex-color-input'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconExternalLink, IconPhoto, IconX } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  ticketDesignInput, ticketFooterMaxLength, ticketLayouts, ticketPrintFields, type TicketDesignInput,
} from '../../../../../shared/schemas/ticket-designs'
import { FormError } from '../../../../components/form-error'
import { LoadingMask } from '../../../../components/loading-mask'
import { NumberField } from '../../../../components/number-field'
import { SelectField } from '../../../../components/select-field'
import { textInputProps, useZodForm } from '../../../../lib/forms'
import { createUpload } from '../../api/create-upload'
import { saveTicketDesign } from '../../api/save-ticket-design'
import { ticketDesignKey, ticketDesignQuery, type TicketDesign } from '../../api/ticket-design'
import { ticketPreviewQuery } from '../../api/ticket-preview'
import { countOf } from '../money'
import { SaveBar } from './save-bar'
import type { StepProps } from './step-types'

// eventTickets "design": the layout of the tickets payers receive (page, colours, logo, QR code, printed
// facts, footer) and beside it the PDF preview of a sample ticket, fetched again after each save.

type Values = {
  layout: string
  width_mm: string
  height_mm: string
  accent_color: string
  text_color: string
  logo_key: string | null
  show_qr_code: boolean
  fields: string[]
  footer_text: string
  /** The footer by language (docs/decisions/0095-product-translations.md "Ticket designs"). */
  footer_translations: Record<string, string>
}

function valuesOf(d: TicketDesign): Values {
  return {
    layout: d.layout,
    width_mm: d.customSize ? String(d.customSize.widthMm) : '',
    height_mm: d.customSize ? String(d.customSize.heightMm) : '',
    accent_color: d.colors.accent,
    text_color: d.colors.text,
    logo_key: d.logoKey,
    show_qr_code: d.showQrCode,
    fields: [...d.fields],
    footer_text: d.footerText,
    footer_translations: Object.fromEntries(Object.entries(d.translations ?? {}).map(([code, texts]) => [code, texts.footerText])),
  }
}

function toInput(v: Values): TicketDesignInput {
  return {
    layout: v.layout as TicketDesignInput['layout'],
    custom_size: v.layout === 'custom' ? { width_mm: countOf(v.width_mm) ?? Number.NaN, height_mm: countOf(v.height_mm) ?? Number.NaN } : null,
    colors: { accent: v.accent_color, text: v.text_color },
    logo_key: v.logo_key,
    show_qr_code: v.show_qr_code,
    fields: ticketPrintFields.filter((f) => v.fields.includes(f)),
    footer_text: v.footer_text,
    translations: Object.fromEntries(Object.entries(v.footer_translations).filter(([, text]) => text.trim() !== '').map(([code, text]) => [code, { footer_text: text }])),
  }
}

/** The footer in other languages: a payer's ticket prints the one of its order's language, else the footer above. */
function FooterTranslations({ value, onChange }: { value: Record<string, string>; onChange: (value: Record<string, string>) => void }) {
  const { t } = useTranslation()
  const [adding, setAdding] = useState<string | null>(null)
  const codes = localeCodes.filter((code) => code in value)
  return (
    <Stack gap="xs" data-testid="ticket-footer-translations">
      <Text size="sm" fw={500}>{t('products.translations.title')}</Text>
      <Text size="xs" c="dimmed">{t('products.ticketDesign.footerTranslationsHint')}</Text>
      {codes.map((code) => (
        <Group key={code} align="flex-end" wrap="nowrap">
          <Textarea
            style={{ flex: 1 }} label={languageNames[code]} lang={htmlLang(code)} autosize minRows={1} maxLength={ticketFooterMaxLength} value={value[code]}
            onChange={(e) => onChange({ ...value, [code]: e.currentTarget.value })} data-testid={`ticket-footer-${code}`}
          />
          <ActionIcon variant="subtle" color="red" aria-label={t('products.translations.remove', { language: languageNames[code] })}
            onClick={() => { const { [code]: _removed, ...rest } = value; onChange(rest) }}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group align="flex-end">
        <Select
          label={t('products.translations.language')} placeholder={t('products.translations.choose')} value={adding} onChange={setAdding}
          data={localeCodes.filter((code) => !(code in value)).map((code) => ({ value: code, label: languageNames[code] }))} searchable data-testid="ticket-footer-language"
        />
        <Button variant="default" disabled={!adding} onClick={() => { if (adding) onChange({ ...value, [adding]: '' }); setAdding(null) }}>
          {t('products.translations.add')}
        </Button>
      </Group>
    </Stack>
  )
}

/** The PDF preview of the saved design: an object URL of the fetched Blob, released when replaced. */
function TicketPreview({ productId, version }: { productId: number; version: string | null }) {
  const { t } = useTranslation()
  const preview = useQuery(ticketPreviewQuery(productId, version))
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!preview.data) return
    const next = URL.createObjectURL(preview.data)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [preview.data])
  return (
    <Stack gap="xs" data-testid="ticket-preview" data-state={preview.isFetching ? 'loading' : preview.isError ? 'error' : url ? 'ready' : 'loading'}>
      <Group justify="space-between">
        <Text fw={500}>{t('products.ticketDesign.preview')}</Text>
        {url && (
          <Anchor href={url} target="_blank" rel="noreferrer" size="sm" data-testid="ticket-preview-open">
            <Group gap={4}><IconExternalLink size={14} />{t('products.ticketDesign.previewOpen')}</Group>
          </Anchor>
        )}
      </Group>
      <Text size="xs" c="dimmed">{t('products.ticketDesign.previewHint')}</Text>
      <LoadingMask visible={preview.isFetching}>
        {url
          ? <iframe title={t('products.ticketDesign.preview')} src={url} style={{ width: '100%', height: 520, border: '1px solid var(--mantine-color-gray-3)' }} data-testid="ticket-preview-frame" />
          : <div style={{ height: 120 }} />}
      </LoadingMask>
      <FormError error={preview.error} />
    </Stack>
  )
}

function DesignForm({ product, design }: { product: StepProps['product']; design: TicketDesign }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const form = useZodForm(ticketDesignInput, valuesOf(design), i18n.language, { toInput })
  const v = form.values
  const save = useMutation({
    mutationFn: (input: TicketDesignInput) => saveTicketDesign(product.id, input),
    onSuccess: (saved) => queryClient.setQueryData(ticketDesignKey(product.id), saved),
    onError: (e) => form.fail(e),
  })
  const logo = useMutation({
    mutationFn: (file: File) => createUpload(file, 'image'),
    onSuccess: (upload) => form.setValue('logo_key', upload.key),
    onError: (e) => form.fail(e),
  })
  const toggleField = (field: string, on: boolean) => form.setValue('fields', on ? [...v.fields, field] : v.fields.filter((f) => f !== field))
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
      <form onSubmit={(event) => {
        event.preventDefault()
        if (form.validate()) save.mutate(toInput(form.values))
      }} noValidate data-testid="ticket-design-form">
        <Stack gap="md">
          <Text size="sm" c="dimmed">{t('products.ticketDesign.hint')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <SelectField
              label={t('products.ticketDesign.layout')}
              data={ticketLayouts.map((o) => ({ value: o, label: t(`products.ticketDesign.layouts.${o}`) }))}
              value={v.layout}
              onChange={(value) => value && form.setValue('layout', value)}
              searchable={false}
              error={form.errors.layout}
              data-testid="ticket-layout"
            />
            {v.layout === 'custom' && <NumberField label={t('products.ticketDesign.widthMm')} min={50} max={1000} {...form.field('width_mm')} error={form.errors.custom_size} />}
            {v.layout === 'custom' && <NumberField label={t('products.ticketDesign.heightMm')} min={50} max={1000} {...form.field('height_mm')} />}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <HexColorInput label={t('products.ticketDesign.accentColor')} value={v.accent_color} onChange={(c) => form.setValue('accent_color', c)} error={form.errors.colors} data-testid="ticket-accent-color" />
            <HexColorInput label={t('products.ticketDesign.textColor')} value={v.text_color} onChange={(c) => form.setValue('text_color', c)} />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500}>{t('products.ticketDesign.logo')}</Text>
            <Group gap="xs">
              <FileButton accept="image/png,image/jpeg,image/webp" onChange={(file) => file && logo.mutate(file)}>
                {(props) => <Button {...props} variant="default" size="xs" leftSection={<IconPhoto size={14} />} loading={logo.isPending} data-testid="ticket-logo-upload">{t('products.ticketDesign.logoUpload')}</Button>}
              </FileButton>
              {v.logo_key && (
                <Button variant="subtle" color="red" size="xs" leftSection={<IconX size={14} />} onClick={() => form.setValue('logo_key', null)} data-testid="ticket-logo-remove">
                  {t('products.ticketDesign.logoRemove')}
                </Button>
              )}
            </Group>
            <Text size="xs" c={form.errors.logo_key ? 'red' : 'dimmed'} data-testid="ticket-logo-state">
              {form.errors.logo_key ?? (v.logo_key ? t('products.ticketDesign.logoSet') : t('products.ticketDesign.logoNone'))}
            </Text>
          </Stack>
          <Switch label={t('products.ticketDesign.showQrCode')} description={t('products.ticketDesign.showQrCodeHelp')}
            checked={v.show_qr_code} onChange={(event) => form.setValue('show_qr_code', event.currentTarget.checked)} data-testid="ticket-show-qr" />
          <Stack gap={6}>
            <Text size="sm" fw={500}>{t('products.ticketDesign.fields')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6}>
              {ticketPrintFields.map((field) => (
                <Checkbox key={field} label={t(`products.ticketDesign.fieldOptions.${field}`)} checked={v.fields.includes(field)}
                  onChange={(event) => toggleField(field, event.currentTarget.checked)} data-testid={`ticket-field-${field}`} />
              ))}
            </SimpleGrid>
            {form.errors.fields && <Text size="xs" c="red">{form.errors.fields}</Text>}
          </Stack>
          <Textarea label={t('products.ticketDesign.footerText')} description={t('products.ticketDesign.footerHelp', { max: ticketFooterMaxLength })}
            autosize minRows={2} maxLength={ticketFooterMaxLength} {...textInputProps(form.field('footer_text'))} data-testid="ticket-footer" />
          <FooterTranslations value={v.footer_translations} onChange={(next) => form.setValue('footer_translations', next)} />
          <FormError error={form.formError} />
          <Group justify="flex-end">
            <SaveBar loading={save.isPending} saved={save.isSuccess} />
          </Group>
        </Stack>
      </form>
      <TicketPreview productId={product.id} version={design.updatedAt} />
    </SimpleGrid>
  )
}

/** The design step of eventTickets products. */
export function TicketDesignStep({ product }: StepProps) {
  const design = useQuery(ticketDesignQuery(product.id))
  return (
    <LoadingMask visible={design.isPending}>
      {design.data && <DesignForm product={product} design={design.data} />}
      <FormError error={design.error} />
    </LoadingMask>
  )
}
