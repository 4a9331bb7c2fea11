import { Button, Divider, Grid, Group, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core'
import { HexColorInput } from '../../../components/hex-color-input'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  bumpPositions, buyButtonTexts, buyerInformationIncludeTypes, checkoutFontFamilies, checkoutLayouts, checkoutTheme,
  createCheckoutSettingsInput, expandableDescriptionBehaviors, maxRadius, trustSeals, updateCheckoutSettingsInput,
  defaultBuyerInformation, defaultPhoneField, phoneFieldModes,
  type BuyButtonText, type BuyerInformationIncludeType, type CheckoutLayout, type PhoneFieldMode, type TrustSeals,
} from '../../../../shared/schemas/checkout-settings'
import { translateMessage } from '../../../../shared/validation/messages'
import { FormError } from '../../../components/form-error'
import { withHelp } from '../../../components/info-popover'
import { NumberField } from '../../../components/number-field'
import { SelectField } from '../../../components/select-field'
import { toSnake } from '../../../lib/api-client'
import { textInputProps, useZodForm } from '../../../lib/forms'
import { createCheckoutSettings } from '../api/create-checkout-settings'
import type { CheckoutSettings } from '../api/types'
import { updateCheckoutSettings } from '../api/update-checkout-settings'
import { BuyButtonPreview } from './buy-button-preview'
import { CheckoutThemeTranslations, themeDraftsOf, themeTranslationsInputOf } from './checkout-theme-translations'
import { colorIssue, previewTheme, themeChange, themeValues, type ThemeKey, type ThemeValues } from './theme-values'

// Checkout settings (docs/reference/catalogue-and-selling.md §3): name, layout, buyer information, buy button text, the theme's
// colours, radii, font, texts, countdown and mobile description, and the trust seals, with a live
// preview of the buy button. Colours are # with 3 or 6 hex digits (spec section 5).

type Values = {
  name: string
  layout: CheckoutLayout
  buyer_information: BuyerInformationIncludeType
  phone_field: PhoneFieldMode
  buy_button_text: BuyButtonText
  theme: ThemeValues
  trust_seals: TrustSeals
}

function valuesOf(settings: CheckoutSettings | undefined): Values {
  return {
    name: settings?.name ?? '',
    layout: settings?.layout ?? 'default',
    buyer_information: settings?.buyerInformation ?? defaultBuyerInformation,
    phone_field: settings?.phoneField ?? defaultPhoneField,
    buy_button_text: settings?.buyButtonText ?? 'dynamic_cta',
    theme: themeValues(checkoutTheme(settings ? (toSnake(settings.theme) as Record<string, unknown>) : {})),
    trust_seals: trustSeals(settings ? (toSnake(settings.trustSeals) as Record<string, unknown>) : {}),
  }
}

const toInput = (v: Values) => ({
  name: v.name, layout: v.layout, buyer_information: v.buyer_information, phone_field: v.phone_field, buy_button_text: v.buy_button_text,
  theme: themeChange(v.theme), trust_seals: v.trust_seals,
})

export function CheckoutSettingsForm({ settings, onDone, onCancel }: { settings?: CheckoutSettings; onDone: () => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation()
  const form = useZodForm(settings ? updateCheckoutSettingsInput : createCheckoutSettingsInput, valuesOf(settings), i18n.language, { toInput })
  // The theme's texts in other languages, saved with the settings as the whole set.
  const [translations, setTranslations] = useState(() => themeDraftsOf(settings?.translations))
  const input = () => ({ ...toInput(form.values), translations: themeTranslationsInputOf(translations) })
  const save = useMutation({
    mutationFn: () => (settings ? updateCheckoutSettings(settings.id, input()) : createCheckoutSettings(input())),
    onSuccess: onDone,
    onError: (e) => form.fail(e),
  })
  const v = form.values
  const setTheme = (key: ThemeKey, value: string | boolean) => form.setValue('theme', { ...form.values.theme, [key]: value })
  const color = (key: ThemeKey) => (
    <HexColorInput
      key={key} label={t(`checkoutSettings.theme.${key}`)} value={String(v.theme[key])}
      onChange={(value) => setTheme(key, value)} error={colorIssue(v.theme[key]) ? translateMessage('invalid_hex_color', i18n.language) : undefined}
      data-testid={`theme-${key}`}
    />
  )
  const number = (key: ThemeKey, max: number, min = 0) => (
    <NumberField key={key} label={t(`checkoutSettings.theme.${key}`)} min={min} max={max} value={String(v.theme[key])} onChange={(value) => setTheme(key, value)} />
  )
  const text = (key: ThemeKey, placeholder?: string) => (
    <TextInput key={key} label={t(`checkoutSettings.theme.${key}`)} placeholder={placeholder} value={String(v.theme[key])} maxLength={key === 'countdown_text' ? 200 : 60}
      onChange={(event) => setTheme(key, event.currentTarget.value)} />
  )
  const seal = (key: keyof TrustSeals) => (
    <Switch key={key} label={t(`checkoutSettings.trustSeals.${key}`)} checked={v.trust_seals[key]}
      onChange={(event) => form.setValue('trust_seals', { ...form.values.trust_seals, [key]: event.currentTarget.checked })} />
  )
  const colorsValid = Object.keys(v.theme).every((key) => !key.endsWith('_color') || !colorIssue(v.theme[key as ThemeKey]))
  return (
    <form noValidate onSubmit={(event) => {
      event.preventDefault()
      if (colorsValid && form.validate()) save.mutate()
    }}>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <TextInput label={t('checkoutSettings.fields.name')} required maxLength={100} {...textInputProps(form.field('name'))} data-testid="checkout-settings-name" />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <SelectField label={t('checkoutSettings.fields.layout')} {...withHelp(t('checkoutSettings.fields.layout'), t('help.checkoutLayout'), 'help-checkout-layout')} searchable={false} value={v.layout}
                data={checkoutLayouts.map((l) => ({ value: l, label: t(`checkoutSettings.layouts.${l}`) }))}
                onChange={(value) => value && form.setValue('layout', value as CheckoutLayout)} />
              <SelectField label={t('checkoutSettings.fields.buyButtonText')} {...withHelp(t('checkoutSettings.fields.buyButtonText'), t('help.buyButtonText'), 'help-buy-button-text')} searchable={false} value={v.buy_button_text}
                data={buyButtonTexts.map((b) => ({ value: b, label: t(`checkoutSettings.buyButtonTexts.${b}`) }))}
                onChange={(value) => value && form.setValue('buy_button_text', value as BuyButtonText)} />
            </SimpleGrid>
            <Stack gap={4}>
              <Text size="sm" fw={500}>{t('checkoutSettings.fields.buyerInformation')}</Text>
              <SegmentedControl w="fit-content" value={v.buyer_information} onChange={(value) => form.setValue('buyer_information', value as BuyerInformationIncludeType)}
                data={buyerInformationIncludeTypes.map((b) => ({ value: b, label: t(`checkoutSettings.buyerInformation.${b}`) }))} />
              <Text size="xs" c="dimmed">{t(`checkoutSettings.buyerInformationHelp.${v.buyer_information}`)}</Text>
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500}>{t('checkoutSettings.fields.phoneField')}</Text>
              <SegmentedControl w="fit-content" value={v.phone_field} onChange={(value) => form.setValue('phone_field', value as PhoneFieldMode)}
                data={phoneFieldModes.map((p) => ({ value: p, label: t(`checkoutSettings.phoneField.${p}`) }))} data-testid="phone-field" />
            </Stack>

            <Divider label={t('checkoutSettings.sections.buyButton')} labelPosition="left" />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {color('buy_button_color')}
              {color('buy_button_font_color')}
              {number('buy_button_radius', maxRadius)}
            </SimpleGrid>
            {text('buy_button_text', t(`checkoutSettings.buyButtonTexts.${v.buy_button_text}`))}

            <Divider label={t('checkoutSettings.sections.page')} labelPosition="left" />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {color('background_color')}
              {color('page_color')}
              {color('font_color')}
              <SelectField label={t('checkoutSettings.theme.font_family')} searchable={false} value={String(v.theme.font_family)}
                data={checkoutFontFamilies.map((f) => ({ value: f, label: f }))} onChange={(value) => value && setTheme('font_family', value)} />
              {number('radius', maxRadius)}
              <SelectField label={t('checkoutSettings.theme.upsell_position')} searchable={false} value={String(v.theme.upsell_position)}
                data={bumpPositions.map((p) => ({ value: p, label: t(`checkoutSettings.bumpPositions.${p}`) }))} onChange={(value) => value && setTheme('upsell_position', value)} />
            </SimpleGrid>

            <Divider label={t('checkoutSettings.sections.coupon')} labelPosition="left" />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {color('coupon_button_color')}
              {color('coupon_button_font_color')}
              {number('coupon_border_radius', maxRadius)}
              {color('recommended_badge_color')}
              {color('recommended_badge_font_color')}
              {text('get_for_free_text')}
            </SimpleGrid>

            <Divider label={t('checkoutSettings.sections.countdown')} labelPosition="left" />
            <Switch label={t('checkoutSettings.theme.countdown_enabled')} checked={v.theme.countdown_enabled === true} onChange={(e) => setTheme('countdown_enabled', e.currentTarget.checked)} />
            {v.theme.countdown_enabled === true && (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {number('countdown_minutes', 1440, 1)}
                {color('countdown_color')}
                {text('countdown_text')}
              </SimpleGrid>
            )}

            <Divider />
            <CheckoutThemeTranslations drafts={translations} onChange={setTranslations}
              base={{ buy_button_text: String(v.theme.buy_button_text), get_for_free_text: String(v.theme.get_for_free_text), countdown_text: String(v.theme.countdown_text) }} />

            <Divider label={t('checkoutSettings.sections.mobile')} labelPosition="left" />
            <Group>
              <Switch label={t('checkoutSettings.theme.expandable_description_on_mobile_enabled')} checked={v.theme.expandable_description_on_mobile_enabled === true}
                onChange={(e) => setTheme('expandable_description_on_mobile_enabled', e.currentTarget.checked)} />
              {v.theme.expandable_description_on_mobile_enabled === true && (
                <SegmentedControl size="xs" value={String(v.theme.expandable_description_default_behavior)} onChange={(value) => setTheme('expandable_description_default_behavior', value)}
                  data={expandableDescriptionBehaviors.map((b) => ({ value: b, label: t(`checkoutSettings.expandable.${b}`) }))} />
              )}
            </Group>

            <Divider label={t('checkoutSettings.sections.trustSeals')} labelPosition="left" />
            <Group>{seal('card_brands')}{seal('ssl_secure')}{seal('provider_badge')}</Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="xs" pos="sticky" top={80}>
            <Title order={4} fz="sm">{t('checkoutSettings.preview.title')}</Title>
            <BuyButtonPreview theme={previewTheme(v.theme)} buyButtonText={v.buy_button_text} />
          </Stack>
        </Grid.Col>
      </Grid>
      <Stack gap="sm" mt="md">
        {form.errors.theme && <Text c="red" size="sm">{form.errors.theme}</Text>}
        <FormError error={form.formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="submit" loading={save.isPending} data-testid="checkout-settings-save">{t('common.save')}</Button>
        </Group>
      </Stack>
    </form>
  )
}
