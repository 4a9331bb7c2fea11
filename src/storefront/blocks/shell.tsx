import type { CSSProperties, ReactNode } from 'react'

/** The frame of every public page: the seller's name linking to the shop, the content, a small footer. */
export function Shell({ username, sellerName, children, className, style, testMode }: {
  username: string | null
  /** The seller's display name where the page knows it; else the username. */
  sellerName?: string
  children: ReactNode
  className?: string
  style?: CSSProperties
  testMode?: boolean
}) {
  return (
    <div className={`sf-page${className ? ` ${className}` : ''}`} style={style}>
      {testMode && <div className="sf-test-banner" role="status">TEST MODE · no real money moves</div>}
      <header className="sf-header">
        {username ? <a className="sf-header__shop" href={shopPath(username)}>{sellerName || username}</a> : <span className="sf-header__shop">Sellfront</span>}
      </header>
      <main className="sf-main">{children}</main>
      <footer className="sf-footer">Sold with Sellfront</footer>
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
