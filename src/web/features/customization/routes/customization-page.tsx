import { Alert, Box, Button, Card, ColorInput, FileInput, Group, Image, Stack, Switch, Text, Textarea, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconTrash, IconUpload } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { contrastRatio, mailFooterMaxLength, mailFooterMaxLines, mailFooterLines, minTextContrast, textColorOn } from '../../../../shared/customization/branding'
import { customizationInput, type CustomizationInput } from '../../../../shared/schemas/customization'
import { isHexColor } from '../../../../shared/validation/color'
import { translateMessage } from '../../../../shared/validation/messages'
import { FeatureGate } from '../../../components/feature-off'
import { FormError } from '../../../components/form-error'
import { isApiError } from '../../../lib/api-client'
import { customizationKey, customizationQuery, saveCustomization, uploadLogo, type Customization } from '../api/customization'

// /cabinet/customization: the seller's logo, colours and mail footer on payer pages and mails
// (docs/decisions/0085-customization.md), behind the customization flag. The same shared rules as the server
// check the form (hex colours, the accent's contrast on white, the footer's limits), and a preview shows the
// header and a button as payers see them.

type Form = { logoKey: string | null; logoUrl: string | null; primary: string; accent: string; footer: string; hideBranding: boolean }

const formOf = (c: Customization): Form => ({
  logoKey: c.logoKey, logoUrl: c.logoUrl, primary: c.primaryColor ?? '', accent: c.accentColor ?? '', footer: c.mailFooter ?? '', hideBranding: c.hideBranding,
})

const inputOf = (form: Form): CustomizationInput => ({
  logo_key: form.logoKey, primary_color: form.primary.trim() || null, accent_color: form.accent.trim() || null,
  mail_footer: form.footer.trim() ? form.footer : null, hide_branding: form.hideBranding,
})

function CustomizationForm({ stored }: { stored: Customization }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const [form, setForm] = useState<Form>(() => formOf(stored))
  const [error, setError] = useState<unknown>(null)
  const [logoFile, setLogoFile] = useState<File | null>(null)
  useEffect(() => setForm(formOf(stored)), [stored])
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }))

  const logo = useMutation({
    mutationFn: uploadLogo,
    onSuccess: (upload, file) => { setForm((f) => ({ ...f, logoKey: upload.key, logoUrl: URL.createObjectURL(file) })); setLogoFile(null) },
    onError: (caught) => setError(caught),
  })
  const save = useMutation({
    mutationFn: saveCustomization,
    onSuccess: (saved) => {
      queryClient.setQueryData(customizationKey, saved)
      notifications.show({ color: 'green', message: t('customization.saved') })
    },
    onError: (caught) => setError(caught),
  })

  const parsed = customizationInput.safeParse(inputOf(form))
  // The server's own checks (contrast, footer lines: 422) told before saving too.
  const ownChecks: Record<string, string | undefined> = {
    accent_color: isHexColor(form.accent) && contrastRatio(form.accent, '#ffffff') < minTextContrast ? 'low_contrast' : undefined,
    mail_footer: mailFooterLines(form.footer) > mailFooterMaxLines ? 'too_many_lines' : undefined,
  }
  const valid = parsed.success && !Object.values(ownChecks).some(Boolean)
  const issueOf = (path: string): string | undefined => {
    const local = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === path)
    if (local) return translateMessage(local.message, i18n.language)
    if (ownChecks[path]) return translateMessage(ownChecks[path], i18n.language)
    const remote = isApiError(error) ? error.fields?.find((f) => f.path === path) : undefined
    return remote ? translateMessage(remote.message, i18n.language) : undefined
  }
  const primary = isHexColor(form.primary) ? form.primary : null
  const accent = isHexColor(form.accent) ? form.accent : null
  const accentContrast = accent ? contrastRatio(accent, '#ffffff') : null

  return (
    <Stack gap="lg" component="form" onSubmit={(event) => { event.preventDefault(); setError(null); if (valid && parsed.success) save.mutate(parsed.data) }} data-testid="customization-form">
      <Card withBorder>
        <Stack gap="sm">
          <Title order={4}>{t('customization.logo')}</Title>
          <Text size="sm" c="dimmed">{t('customization.logoHint')}</Text>
          {form.logoUrl && <Image src={form.logoUrl} alt={t('customization.logo')} h={48} w="auto" fit="contain" data-testid="customization-logo" />}
          <Group align="flex-end">
            <FileInput label={t('customization.logoFile')} accept="image/png,image/jpeg,image/webp,image/gif" value={logoFile} onChange={setLogoFile} data-testid="customization-logo-file" style={{ flex: 1 }} />
            <Button leftSection={<IconUpload size={16} />} disabled={!logoFile} loading={logo.isPending} onClick={() => { setError(null); if (logoFile) logo.mutate(logoFile) }} data-testid="customization-logo-upload">
              {t('customization.upload')}
            </Button>
            {form.logoKey && (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setForm((f) => ({ ...f, logoKey: null, logoUrl: null }))}>{t('customization.removeLogo')}</Button>
            )}
          </Group>
        </Stack>
      </Card>

      <Card withBorder>
        <Stack gap="sm">
          <Title order={4}>{t('customization.colours')}</Title>
          <Group grow align="flex-start">
            <ColorInput label={t('customization.primary')} description={t('customization.primaryHint')} format="hex" placeholder="#1c7ed6" value={form.primary}
              onChange={(value) => set('primary', value)} error={form.primary ? issueOf('primary_color') : undefined} data-testid="customization-primary" />
            <ColorInput label={t('customization.accent')} description={t('customization.accentHint')} format="hex" placeholder="#0b5394" value={form.accent}
              onChange={(value) => set('accent', value)} error={form.accent ? issueOf('accent_color') : undefined} data-testid="customization-accent" />
          </Group>
          {accentContrast !== null && (
            <Text size="xs" c={accentContrast >= minTextContrast ? 'dimmed' : 'red'} data-testid="customization-contrast">
              {t('customization.contrast', { ratio: accentContrast.toFixed(1), min: minTextContrast })}
            </Text>
          )}
          {/* The header and a button as payers see them. */}
          <Box data-testid="customization-preview" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, overflow: 'hidden' }}>
            <Box p="sm" style={{ background: primary ?? '#ffffff', color: primary ? textColorOn(primary) : undefined, borderBottom: `3px solid ${accent ?? 'var(--mantine-color-gray-3)'}` }}>
              {form.logoUrl ? <img src={form.logoUrl} alt="" style={{ maxHeight: 36, display: 'block' }} /> : <Text fw={700}>{t('customization.previewName')}</Text>}
            </Box>
            <Stack p="sm" gap={6}>
              <Text size="sm">{t('customization.previewText')} <span style={{ color: accent ?? undefined, textDecoration: 'underline' }}>{t('customization.previewLink')}</span></Text>
              <Box><span style={{ display: 'inline-block', padding: '6px 14px', borderRadius: 6, background: primary ?? '#1c7ed6', color: primary ? textColorOn(primary) : '#ffffff', fontSize: 14 }}>{t('customization.previewButton')}</span></Box>
            </Stack>
          </Box>
        </Stack>
      </Card>

      <Card withBorder>
        <Stack gap="sm">
          <Title order={4}>{t('customization.mail')}</Title>
          <Textarea label={t('customization.footer')} description={t('customization.footerHint', { max: mailFooterMaxLength, lines: mailFooterMaxLines })} autosize minRows={3} maxRows={10}
            value={form.footer} onChange={(event) => set('footer', event.currentTarget.value)} error={issueOf('mail_footer')} data-testid="customization-footer" />
          <Text size="xs" c="dimmed">{t('customization.footerCount', { chars: form.footer.length, max: mailFooterMaxLength, lines: mailFooterLines(form.footer), maxLines: mailFooterMaxLines })}</Text>
          <Switch label={t('customization.hideBranding')} description={t('customization.hideBrandingHint')} checked={form.hideBranding}
            onChange={(event) => set('hideBranding', event.currentTarget.checked)} data-testid="customization-hide-branding" />
        </Stack>
      </Card>

      <FormError error={error} />
      <Group justify="flex-end">
        <Button type="submit" loading={save.isPending} disabled={!parsed.success || logo.isPending} data-testid="customization-save">{t('customization.save')}</Button>
      </Group>
    </Stack>
  )
}

function CustomizationPageContent() {
  const { t } = useTranslation()
  const stored = useQuery(customizationQuery())
  return (
    <Stack gap="lg">
      <Title order={2}>{t('customization.title')}</Title>
      <Text c="dimmed" size="sm">{t('customization.intro')}</Text>
      <Alert variant="light">{t('customization.where')}</Alert>
      {stored.data && <CustomizationForm stored={stored.data} />}
    </Stack>
  )
}

export function CustomizationPage() {
  return <FeatureGate flag="customization"><CustomizationPageContent /></FeatureGate>
}
