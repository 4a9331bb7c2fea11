import { Shell } from '../blocks/shell'
import type { CertificatePageProps } from '../props'
import { certificateTexts, type CertificateLanguage } from '../texts'

// The public verification page /certificates/{serial} (docs/decisions/0020-issued-certificates-licenses-downloads.md): anyone holding a certificate or its QR code
// can see whether it is genuine and valid now, for whom, for what and from which seller. No sign-in. In
// German or English, as the reader's browser asks (the server picks; docs/decisions/0025-certificates-licenses-downloads-follow-ups.md).

const good = (status: CertificatePageProps['verification']['status']) => status === 'valid'

/** A day in the page's language, in UTC like the certificate (same text on the server and in any browser). */
const day = (iso: string | null, language: CertificateLanguage) =>
  (iso ? new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso)) : null)

export default function CertificatePage({ verification: v, language }: CertificatePageProps) {
  const texts = certificateTexts[language]
  const verdict = texts.verdicts[v.status]
  const labels = texts.labels
  const rows: [keyof typeof labels, string | null][] = [
    ['serial', v.serial],
    ['recipient', v.recipient_name],
    ['product', v.product_name],
    ['seller', v.seller_username],
    ['shownDate', v.shown_date],
    ['validFrom', day(v.valid_from, language)],
    ['validUntil', v.recipient_name ? (day(v.valid_until, language) ?? texts.noEnd) : null],
    ['revokedOn', day(v.revoked_at, language)],
  ]
  return (
    <Shell username={v.seller_username}>
      <div className="sf-card sf-narrow" data-testid="certificate-verification" data-status={v.status}>
        <h1 className="sf-title">{texts.heading}</h1>
        <div className={good(v.status) ? 'sf-error sf-notice' : 'sf-error'} role="status" data-testid="certificate-status">
          <p><strong>{verdict.title}</strong></p>
          <p>{verdict.text}</p>
        </div>
        <dl>
          {rows.filter(([, value]) => value).map(([label, value]) => (
            // test ids stay the English labels' (certificate-awarded-to, ...) whatever the language
            <div key={label}><dt className="sf-muted">{labels[label]}</dt><dd data-testid={`certificate-${certificateTexts.en.labels[label].toLowerCase().replace(/\s+/g, '-')}`}>{value}</dd></div>
          ))}
        </dl>
      </div>
    </Shell>
  )
}
