import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { i18n } from '../../../../i18n'
import { CertificateTranslations } from './certificate-translations'

// The certificate design's "Languages" (docs/decisions/0095-product-translations.md): each language in its own
// name, complete or partial with what it lacks among the texts the design prints.

describe('the certificate design\'s languages', () => {
  const render = (drafts: Parameters<typeof CertificateTranslations>[0]['drafts'], dateSource = 'custom_text') => renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <CertificateTranslations productId={1} drafts={drafts} onChange={() => undefined}
          base={{ title: 'Certificate of {{product_name}}', body: 'Awarded to {{payer_name}}.', customDateText: 'Midsummer 2030', dateSource }} />
      </MantineProvider>
    </QueryClientProvider>,
  )

  test('complete and partial languages in locale order with the missing texts; none yet says so', async () => {
    await i18n.changeLanguage('en')
    const html = render({
      pl: { title: 'Certyfikat', body: 'Przyznany {{payer_name}}.', custom_date_text: 'Przesilenie 2030' },
      de: { title: 'Zertifikat', body: '', custom_date_text: '' },
    })
    expect(html.indexOf('data-testid="certificate-translation-de"')).toBeLessThan(html.indexOf('data-testid="certificate-translation-pl"'))
    expect(html).toMatch(/data-testid="certificate-translation-de" data-state="partial"/)
    expect(html).toMatch(/data-testid="certificate-translation-pl" data-state="complete"/)
    expect(html).toContain('Missing: Text, Date text')
    expect(html).toContain('aria-label="Remove Polski"')
    expect(render({}, 'purchase_date')).toContain('No other languages yet')
  })
})
