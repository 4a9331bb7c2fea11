import { Box, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { BuyButtonText, CheckoutTheme } from '../../../../shared/schemas/checkout-settings'

// A small live preview of the checkout's colours: the page on its background, the coupon button, the
// countdown and the buy button with its colour, font colour, radius, font and text.

export function BuyButtonPreview({ theme, buyButtonText }: { theme: CheckoutTheme; buyButtonText: BuyButtonText }) {
  const { t } = useTranslation()
  const label = theme.buy_button_text ?? t(`checkoutSettings.buyButtonTexts.${buyButtonText}`)
  return (
    <Box p="md" style={{ background: theme.background_color, borderRadius: 8 }} data-testid="checkout-preview">
      <Stack gap="sm" p="md" style={{ background: theme.page_color, color: theme.font_color, fontFamily: `${theme.font_family}, sans-serif`, borderRadius: theme.radius }}>
        <Text fw={600} inherit>{t('checkoutSettings.preview.product')}</Text>
        {theme.countdown_enabled && (
          <Text size="sm" fw={600} style={{ color: theme.countdown_color }} inherit>
            {theme.countdown_text ?? t('checkoutSettings.preview.countdown')} {String(theme.countdown_minutes).padStart(2, '0')}:00
          </Text>
        )}
        <Group gap="xs">
          <Box px="sm" py={4} style={{ border: '1px solid #ced4da', borderRadius: theme.coupon_border_radius, flex: 1, fontSize: 13, opacity: 0.7 }}>
            {t('checkoutSettings.preview.coupon')}
          </Box>
          <Box component="span" px="sm" py={4} style={{
            background: theme.coupon_button_color, color: theme.coupon_button_font_color, borderRadius: theme.coupon_border_radius, fontSize: 13,
          }}>{t('checkoutSettings.preview.apply')}</Box>
          <Box component="span" px={6} py={2} style={{
            background: theme.recommended_badge_color, color: theme.recommended_badge_font_color, borderRadius: 4, fontSize: 11,
          }}>{t('checkoutSettings.preview.recommended')}</Box>
        </Group>
        <Box
          component="button" type="button" py={10} px="lg" data-testid="preview-buy-button"
          style={{
            background: theme.buy_button_color, color: theme.buy_button_font_color, borderRadius: theme.buy_button_radius,
            border: 'none', fontWeight: 700, fontFamily: 'inherit', cursor: 'default',
          }}
        >
          {label}
        </Box>
      </Stack>
    </Box>
  )
}
