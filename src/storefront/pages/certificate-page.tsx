import { Shell } from '../blocks/shell'
import type { CertificatePageProps } from '../props'
import { useTexts } from '../i18n/texts-context'
import type { StorefrontTexts } from '../i18n/en'

// The public verification page /certificates/{serial} (docs/decisions/0020-issued-certificates-licenses-downloads.md): anyone holding a certificate or its QR code
// can see whether it is genuine and valid now, for whom, for what and from which seller. No sign-in. In the
// page's language (docs/decisions/0094-storefront-languages.md).

const good = (status: CertificatePageProps['verification']['status']) => status === 'valid'

type Label = keyof StorefrontTexts['order']['certificate']['labels']

/** The rows' test ids: the English labels' (certificate-awarded-to, ...) whatever the language. */
const testIds: Record<Label, string> = {
  serial: 'certificate-certificate-number', recipient: 'certificate-awarded-to', product: 'certificate-for', seller: 'certificate-issued-by',
  shownDate: 'certificate-date-on-the-certificate', validFrom: 'certificate-valid-from', validUntil: 'certificate-valid-until', revokedOn: 'certificate-revoked-on',
}

/** A day in the page's language (its BCP 47 tag), in UTC like the certificate (same text on the server and in any browser). */
const day = (iso: string | null, tag: string) =>
  (iso ? new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso)) : null)

export default function CertificatePage({ verification: v }: CertificatePageProps) {
  const { t, tag } = useTexts()
  const texts = t.order.certificate
  const verdict = texts.verdicts[v.status]
  const labels = texts.labels
  const rows: [Label, string | null][] = [
    ['serial', v.serial],
    ['recipient', v.recipient_name],
    ['product', v.product_name],
    ['seller', v.seller_username],
    ['shownDate', v.shown_date],
    ['validFrom', day(v.valid_from, tag)],
    ['validUntil', v.recipient_name ? (day(v.valid_until, tag) ?? texts.noEnd) : null],
    ['revokedOn', day(v.revoked_at, tag)],
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
            <div key={label}><dt className="sf-muted">{labels[label]}</dt><dd data-testid={testIds[label]}>{value}</dd></div>
          ))}
        </dl>
      </div>
    </Shell>
  )
}
