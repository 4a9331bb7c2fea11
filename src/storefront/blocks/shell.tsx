import type { CSSProperties, ReactNode } from 'react'
import { brandingVariables } from '../../shared/customization/branding'
import { useBranding } from '../lib/branding'
import { useTexts } from '../i18n/texts-context'
import { htmlLang, languageNames } from '../../shared/i18n/locales'

/**
 * The frame of every public page: the seller's name (or logo) linking to the shop, the content, a small footer.
 * With the seller's branding (docs/decisions/0085-customization.md) the header shows their logo in their primary
 * colour, links and focus take their accent colour, and the "Sold with Sellfront" line may be left out.
 */
export function Shell({ username, sellerName, children, className, style, testMode }: {
  username: string | null
  /** The seller's display name where the page knows it; else the username. */
  sellerName?: string
  children: ReactNode
  className?: string
  style?: CSSProperties
  testMode?: boolean
}) {
  const { t: { common: { shell: t } }, locale, languages } = useTexts()
  const provided = useBranding()
  const branding = username ? provided : null
  const name = sellerName || branding?.sellerName || username
  const mark = branding?.logoUrl
    ? <img className="sf-header__logo" src={branding.logoUrl} alt={name ?? ''} data-testid="brand-logo" />
    : name
  const classes = ['sf-page', branding ? 'sf-branded' : '', className ?? ''].filter(Boolean).join(' ')
  const pageStyle = branding ? { ...style, ...(brandingVariables(branding) as CSSProperties) } : style
  return (
    <div className={classes} style={pageStyle}>
      {testMode && <div className="sf-test-banner" role="status">{t.testMode}</div>}
      <header className="sf-header">
        {username ? <a className="sf-header__shop" href={shopPath(username)}>{mark}</a> : <span className="sf-header__shop">Sellfront</span>}
      </header>
      <main className="sf-main">{children}</main>
      <footer className="sf-footer">
        {branding?.hideBranding ? branding.sellerName : t.soldWith}
        {username && languages.length > 1 && (
          // The shop's languages, each in its own name: plain links (`?lang=`), kept by the server in a cookie
          // (docs/decisions/0094-storefront-languages.md).
          <nav className="sf-languages" aria-label={t.language} data-testid="language-switcher">
            {languages.map((code) => (
              <a key={code} href={`?lang=${code}`} hrefLang={htmlLang(code)} lang={htmlLang(code)} aria-current={code === locale ? 'true' : undefined}>{languageNames[code]}</a>
            ))}
          </nav>
        )}
      </footer>
    </div>
  )
}

export const shopPath = (username: string) => `/s/${encodeURIComponent(username)}`
export const productPath = (username: string, slug: string) => `${shopPath(username)}/${encodeURIComponent(slug)}`
export const orderPath = (username: string, token: string) => `${shopPath(username)}/payment/${encodeURIComponent(token)}`
export const signInPath = (username: string) => `${shopPath(username)}/sign_in`

/** A message with an optional list of field problems (an API error answer). */
export function ErrorBox({ error, testId = 'error' }: { error: { message: string; fields?: { path: string; message: string }[] } | null; testId?: string }) {
  if (!error) return null
  return (
    <div className="sf-error" role="alert" data-testid={testId}>
      <p>{error.message}</p>
      {error.fields && error.fields.length > 1 && (
        <ul>{error.fields.map((f) => <li key={f.path}>{f.message}</li>)}</ul>
      )}
    </div>
  )
}
