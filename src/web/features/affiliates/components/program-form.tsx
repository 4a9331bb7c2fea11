import { Anchor, Button, Divider, Group, MultiSelect, SegmentedControl, SimpleGrid, Stack, Switch, TagsInput, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { IconExternalLink } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { affiliateLimits, commissionDurations } from '../../../../shared/affiliates/commissions'
import { currencyIds } from '../../../../shared/money'
import { createAffiliateProgramInput, landingThemes } from '../../../../shared/schemas/affiliates'
import { FormError } from '../../../components/form-error'
import { NumberField } from '../../../components/number-field'
import { SelectField } from '../../../components/select-field'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { createProgram, productNamesQuery, updateProgram, type AffiliateProgram } from '../api/affiliates'
import { CommissionLevelsEditor } from './commission-levels-editor'
import { LandingBlocksEditor } from './landing-blocks-editor'
import { initialValues, programInput, type ProgramValues } from './program-values'
import { FeatureOff } from '../../../components/feature-off'
import { useFeature } from '../../../lib/features'

// Creating or editing an affiliate program: every field of createAffiliateProgramInput, checked with that
// schema (docs/decisions/0048-affiliates.md). Percents are typed as whole percents, the bonus as money in
// its currency (sent as minor units), durations as days.

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Divider />
      <Title order={5}>{title}</Title>
      {children}
    </Stack>
  )
}

export function ProgramForm({ program, onDone, onCancel }: { program?: AffiliateProgram; onDone: (saved: AffiliateProgram) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation()
  const products = useQuery(productNamesQuery())
  const form = useZodForm(createAffiliateProgramInput, initialValues(program), i18n.language, { toInput: programInput })
  const v = form.values
  const save = useMutation({
    mutationFn: () => (program ? updateProgram(program.id, programInput(form.values)) : createProgram(programInput(form.values))),
    onSuccess: (answer) => onDone(answer.affiliateProgram),
    onError: (e) => form.fail(e),
  })
  const marketplace = useFeature('affiliate_marketplace')
  const switchOf = (name: keyof ProgramValues & string, label: string, description?: string) => (
    <Switch label={label} description={description} checked={v[name] as boolean} onChange={(e) => form.setValue(name, e.currentTarget.checked as never)} data-testid={`affiliate-program-${name}`} />
  )
  const productOptions = (products.data?.list ?? []).map((p) => ({ value: String(p.id), label: p.name }))
  return (
    <form noValidate data-testid="affiliate-program-form" onSubmit={(event) => {
      event.preventDefault()
      if (form.validate()) save.mutate()
    }}>
      <Stack gap="md">
        <TextInput label={t('affiliates.form.name')} required {...textInputProps(form.field('name'))} data-testid="affiliate-program-name" />
        <Textarea label={t('affiliates.form.description')} autosize minRows={2} maxRows={8} {...textInputProps(form.field('description'))} />
        <MultiSelect
          label={t('affiliates.form.products')} description={t('affiliates.form.productsHelp')} data={productOptions} value={v.product_ids}
          onChange={(value) => form.setValue('product_ids', value)} error={form.errors.product_ids} searchable clearable
          nothingFoundMessage={t('common.nothingFound')} data-testid="affiliate-program-products"
        />

        <Section title={t('affiliates.form.commissionSection')}>
          <CommissionLevelsEditor levels={v.commissions} onChange={(next) => form.setValue('commissions', next)} error={form.errors.commissions} />
          <Switch label={t('affiliates.form.provisionFromBrutto')} description={t('affiliates.form.provisionFromBruttoHelp')} checked={v.provision_from_brutto}
            onChange={(e) => form.setValue('provision_from_brutto', e.currentTarget.checked)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberField label={t('affiliates.form.cookiesExpire')} description={t('affiliates.form.days')} min={1} max={affiliateLimits.maxCookieDays} {...form.field('cookies_expire')} data-testid="affiliate-program-cookies" />
            <NumberField label={t('affiliates.form.holdDays')} description={t('affiliates.form.holdDaysHelp')} min={0} max={affiliateLimits.maxHoldDays} {...form.field('hold_days')} />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500}>{t('affiliates.form.lifetime')}</Text>
            <SegmentedControl w="fit-content" value={v.lifetime} onChange={(value) => form.setValue('lifetime', value as ProgramValues['lifetime'])}
              data={commissionDurations.map((d) => ({ value: d, label: t(`affiliates.lifetimes.${d}`) }))} data-testid="affiliate-program-lifetime" />
            <Text size="xs" c="dimmed">{t('affiliates.form.lifetimeHelp')}</Text>
          </Stack>
          {v.lifetime === 'days' && (
            <NumberField label={t('affiliates.form.lifetimeDays')} min={1} max={affiliateLimits.maxLifetimeDays} w={200} {...form.field('lifetime_days')} />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('affiliates.form.bonus')} description={t('affiliates.form.bonusHelp')} inputMode="decimal" {...textInputProps(form.field('bonus'))} data-testid="affiliate-program-bonus" />
            <SelectField label={t('affiliates.form.bonusCurrency')} data={currencyIds.map((c) => ({ value: c, label: c.toUpperCase() }))}
              value={v.bonus_currency} onChange={(value) => form.setValue('bonus_currency', value)} error={form.errors.bonus_currency} />
          </SimpleGrid>
        </Section>

        <Section title={t('affiliates.form.publishersSection')}>
          {switchOf('auto_accept', t('affiliates.form.autoAccept'), t('affiliates.form.autoAcceptHelp'))}
          {marketplace.enabled || v.listed_in_marketplace
            ? switchOf('listed_in_marketplace', t('affiliates.form.listedInMarketplace'))
            : <FeatureOff flag="affiliate_marketplace" compact />}
          {switchOf('affiliate_redirections_allowed', t('affiliates.form.redirectionsAllowed'), t('affiliates.form.redirectionsAllowedHelp'))}
          {switchOf('forward_url_params', t('affiliates.form.forwardUrlParams'), t('affiliates.form.forwardUrlParamsHelp'))}
          {switchOf('allow_embed_forms', t('affiliates.form.allowEmbedForms'))}
          {v.allow_embed_forms && (
            <TagsInput label={t('affiliates.form.embedDomains')} description={t('affiliates.form.embedDomainsHelp')} value={v.embed_forms_allowed}
              onChange={(value) => form.setValue('embed_forms_allowed', value)} error={form.errors.embed_forms_allowed} maxTags={20} data-testid="affiliate-program-embed-domains" />
          )}
        </Section>

        <Section title={t('affiliates.form.landingSection')}>
          {switchOf('disable_landing_page', t('affiliates.form.disableLandingPage'), t('affiliates.form.disableLandingPageHelp'))}
          {v.disable_landing_page ? (
            <TextInput label={t('affiliates.form.redirectionUrl')} placeholder="https://" required {...textInputProps(form.field('redirection_url'))} data-testid="affiliate-program-redirection-url" />
          ) : (
            <>
              <SelectField label={t('affiliates.form.landingTheme')} searchable={false} w={240}
                data={landingThemes.map((theme) => ({ value: theme, label: t(`affiliates.themes.${theme}`) }))}
                value={v.landing_theme} onChange={(value) => value && form.setValue('landing_theme', value as ProgramValues['landing_theme'])} />
              <LandingBlocksEditor blocks={v.landing_body} onChange={(next) => form.setValue('landing_body', next)} />
              {form.errors.landing_body && <Text c="red" size="sm">{form.errors.landing_body}</Text>}
            </>
          )}
          {program ? (
            <Anchor href={program.landingUrl} target="_blank" rel="noreferrer" size="sm" data-testid="affiliate-program-preview">
              <Group gap={4} component="span">{t('affiliates.form.preview')}<IconExternalLink size={14} /></Group>
            </Anchor>
          ) : <Text size="xs" c="dimmed">{t('affiliates.form.previewAfterSave')}</Text>}
        </Section>

        <FormError error={form.formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="submit" loading={save.isPending} data-testid="affiliate-program-submit">{program ? t('common.save') : t('affiliates.programs.create')}</Button>
        </Group>
      </Stack>
    </form>
  )
}
