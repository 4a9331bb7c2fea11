import { Button, Group, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { HexColorInput } from '../../../../components/hex-color-input'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconFileTypePdf } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  certificateDateSources, certificateDesignInput, certificateLayouts, certificatePlaceholders, certificateValidityStarts,
  type CertificateDesignInput,
} from '../../../../../shared/schemas/certificates'
import { FormError } from '../../../../components/form-error'
import { LoadingMask } from '../../../../components/loading-mask'
import { NumberField } from '../../../../components/number-field'
import { SelectField } from '../../../../components/select-field'
import { textInputProps, useZodForm } from '../../../../lib/forms'
import { certificateDesignQuery, type CertificateDesign } from '../../api/certificate-design'
import { certificatePreviewUrl } from '../../api/certificate-preview'
import { saveCertificateDesign } from '../../api/save-certificate-design'
import { certificateIssueOptions } from '../course-certificate'
import { certificateDraftsOf, certificateTranslationsInputOf, type CertificateTranslationDrafts } from '../certificate-translation-draft'
import { CertificateTranslations } from './certificate-translations'
import { countOf } from '../money'
import { SaveBar } from './save-bar'
import type { StepProps } from './step-types'

// Certificate products: "keys details" (which date the certificate shows and how long it is valid) and
// "design" (layout, texts with placeholders, colours, the texts in other languages, a PDF preview). Both save the
// whole design; "keys details" leaves the translations out, which keeps them.

type Values = {
  layout: string
  width_mm: string
  height_mm: string
  title: string
  body: string
  text_color: string
  accent_color: string
  background_color: string
  date_source: string
  relative_days: string
  custom_date_text: string
  validity_start: string
  static_date: string
  validity_days: string
  background_key: string | null
  issue_on: string
}

function valuesOf(d: CertificateDesign): Values {
  return {
    layout: d.layout,
    width_mm: d.customSize ? String(d.customSize.widthMm) : '',
    height_mm: d.customSize ? String(d.customSize.heightMm) : '',
    title: d.title,
    body: d.body,
    text_color: d.colors.text,
    accent_color: d.colors.accent,
    background_color: d.colors.background,
    date_source: d.dateSource,
    relative_days: d.relativeDays === null ? '' : String(d.relativeDays),
    custom_date_text: d.customDateText ?? '',
    validity_start: d.validityStart,
    static_date: d.staticDate ?? '',
    validity_days: d.validityDays === null ? '' : String(d.validityDays),
    background_key: d.backgroundKey,
    issue_on: d.issueOn,
  }
}

function signedCount(text: string): number | null {
  if (text.trim() === '') return null
  return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN
}

function toInput(v: Values): CertificateDesignInput {
  return {
    layout: v.layout as CertificateDesignInput['layout'],
    custom_size: v.layout === 'custom' ? { width_mm: countOf(v.width_mm) ?? Number.NaN, height_mm: countOf(v.height_mm) ?? Number.NaN } : null,
    title: v.title,
    body: v.body,
    colors: { text: v.text_color, accent: v.accent_color, background: v.background_color },
    date_source: v.date_source as CertificateDesignInput['date_source'],
    relative_days: v.date_source === 'relative_date' ? signedCount(v.relative_days) : null,
    custom_date_text: v.date_source === 'custom_text' ? v.custom_date_text : null,
    validity_start: v.validity_start as CertificateDesignInput['validity_start'],
    static_date: v.validity_start === 'from_static_date' ? v.static_date || null : null,
    validity_days: countOf(v.validity_days),
    background_key: v.background_key,
    issue_on: v.issue_on as CertificateDesignInput['issue_on'],
  }
}

function DesignForm({ product, design, part }: { product: StepProps['product']; design: CertificateDesign; part: 'keys' | 'design' }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const form = useZodForm(certificateDesignInput, valuesOf(design), i18n.language, { toInput })
  const v = form.values
  const [preview, setPreview] = useState<string | null>(null)
  const [drafts, setDrafts] = useState<CertificateTranslationDrafts>(() => certificateDraftsOf(design.translations))
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview)
  }, [preview])
  const save = useMutation({
    mutationFn: (input: CertificateDesignInput) => saveCertificateDesign(product.id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateDesignQuery(product.id).queryKey }),
    onError: (e) => form.fail(e),
  })
  const showPreview = useMutation({ mutationFn: () => certificatePreviewUrl(product.id), onSuccess: setPreview })
  const select = (name: 'layout' | 'date_source' | 'validity_start', options: readonly string[]) => (
    <SelectField
      label={t(`products.certificate.${name}`)}
      data={options.map((o) => ({ value: o, label: t(`products.certificate.options.${o}`) }))}
      value={v[name]}
      onChange={(value) => value && form.setValue(name, value)}
      searchable={false}
      error={form.errors[name]}
    />
  )
  return (
    <form onSubmit={(event) => {
      event.preventDefault()
      if (form.validate()) save.mutate(part === 'design' ? { ...toInput(form.values), translations: certificateTranslationsInputOf(drafts) } : toInput(form.values))
    }} noValidate>
      <Stack gap="md">
        {part === 'keys' ? (
          <>
            <Text size="sm" c="dimmed">{t('products.certificate.keysHint')}</Text>
            <SelectField
              label={t('certificatesIssued.issueOn')}
              description={t('certificatesIssued.issueOnHelp')}
              // A certificate product has no course to complete (docs/decisions/0020-issued-certificates-licenses-downloads.md): it is issued on purchase.
              data={certificateIssueOptions(product.form).map((o) => ({ value: o, label: t(`certificatesIssued.issueOnOptions.${o}`) }))}
              value={v.issue_on}
              onChange={(value) => value && form.setValue('issue_on', value)}
              searchable={false}
              error={form.errors.issue_on}
              data-testid="certificate-issue-on"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {select('date_source', certificateDateSources)}
              {v.date_source === 'relative_date' && <TextInput label={t('products.certificate.relativeDays')} {...textInputProps(form.field('relative_days'))} error={form.errors.relative_days} />}
              {v.date_source === 'custom_text' && <TextInput label={t('products.certificate.customDateText')} {...textInputProps(form.field('custom_date_text'))} />}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {select('validity_start', certificateValidityStarts)}
              {v.validity_start === 'from_static_date' && <TextInput type="date" label={t('products.certificate.staticDate')} {...textInputProps(form.field('static_date'))} />}
              <NumberField label={t('products.certificate.validityDays')} description={t('products.certificate.validityDaysHelp')} min={1} max={36500} allowEmptyValue {...form.field('validity_days')} />
            </SimpleGrid>
          </>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {select('layout', certificateLayouts)}
              {v.layout === 'custom' && <NumberField label={t('products.certificate.widthMm')} min={50} max={1000} {...form.field('width_mm')} error={form.errors.custom_size} />}
              {v.layout === 'custom' && <NumberField label={t('products.certificate.heightMm')} min={50} max={1000} {...form.field('height_mm')} />}
            </SimpleGrid>
            <TextInput label={t('products.certificate.title')} required {...textInputProps(form.field('title'))} data-testid="certificate-title" />
            <Textarea label={t('products.certificate.body')} autosize minRows={3} {...textInputProps(form.field('body'))}
              description={t('products.certificate.placeholders', { list: certificatePlaceholders.map((p) => `{{${p}}}`).join(', ') })} />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <HexColorInput label={t('products.certificate.textColor')} value={v.text_color} onChange={(c) => form.setValue('text_color', c)} error={form.errors.colors} />
              <HexColorInput label={t('products.certificate.accentColor')} value={v.accent_color} onChange={(c) => form.setValue('accent_color', c)} />
              <HexColorInput label={t('products.certificate.backgroundColor')} value={v.background_color} onChange={(c) => form.setValue('background_color', c)} />
            </SimpleGrid>
            <CertificateTranslations productId={product.id} drafts={drafts} onChange={setDrafts}
              base={{ title: v.title, body: v.body, customDateText: v.custom_date_text, dateSource: v.date_source }} />
          </>
        )}
        <FormError error={form.formError ?? showPreview.error} />
        <Group justify="space-between">
          <Button variant="default" leftSection={<IconFileTypePdf size={16} />} loading={showPreview.isPending} onClick={() => showPreview.mutate()} data-testid="certificate-preview">
            {t('products.certificate.preview')}
          </Button>
          <SaveBar loading={save.isPending} saved={save.isSuccess} />
        </Group>
        {preview && <iframe title={t('products.certificate.preview')} src={preview} style={{ width: '100%', height: 480, border: 0 }} />}
      </Stack>
    </form>
  )
}

/** One part of the certificate design (also the course content step's certificate section). */
export function CertificateStep({ product, part }: { product: StepProps['product']; part: 'keys' | 'design' }) {
  const design = useQuery(certificateDesignQuery(product.id))
  return (
    <LoadingMask visible={design.isPending}>
      {design.data && <DesignForm product={product} design={design.data} part={part} />}
      <FormError error={design.error} />
    </LoadingMask>
  )
}

export const CertificateKeysStep = ({ product }: StepProps) => <CertificateStep product={product} part="keys" />
export const CertificateDesignStep = ({ product }: StepProps) => <CertificateStep product={product} part="design" />
