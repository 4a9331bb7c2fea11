import { Alert, Anchor, Text } from '@mantine/core'
import { IconMailOpened } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

// Without a mail server, in development, the server names the mail it just stored (docs/decisions/0041-first-ten-minutes.md);
// this box links to it wherever a page says "we sent you a mail". Nothing shows when the server names none.

const storageKey = 'sf.mailPreview'

/** Remembers the sign-up's stored mail for the pages after it (this tab only). */
export function rememberMailPreview(url: string | undefined | null): void {
  if (url) sessionStorage.setItem(storageKey, url)
}

export function rememberedMailPreview(): string | null {
  return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(storageKey)
}

export function forgetMailPreview(): void {
  sessionStorage.removeItem(storageKey)
}

export function MailPreviewLink({ url }: { url: string | undefined | null }) {
  const { t } = useTranslation()
  if (!url) return null
  // same-origin page: opening it in this tab keeps the flow (the mail's link brings the reader back)
  const href = url.replace(/^https?:\/\/[^/]+/, '')
  return (
    <Alert color="indigo" variant="light" icon={<IconMailOpened size={20} aria-hidden />} data-testid="mail-preview-box">
      <Text size="sm">{t('mailPreview.text')}</Text>
      <Anchor href={href} fw={600} size="sm" data-testid="mail-preview">{t('mailPreview.open')}</Anchor>
    </Alert>
  )
}
