import { ErrorBox, productPath, Shell } from '../blocks/shell'
import type { PasswordPageProps } from '../props'

/** A password-protected product asks for its password first; the form posts to the product's URL. */
export default function PasswordPage({ username, slug, error }: PasswordPageProps) {
  return (
    <Shell username={username}>
      <div className="sf-card sf-narrow">
        <h1 className="sf-title">This product is protected</h1>
        <p>Enter the password the seller gave you.</p>
        <ErrorBox error={error} />
        <form method="post" action={productPath(username, slug)} data-testid="password-form">
          <input type="hidden" name="sf_action" value="password" />
          <div className="sf-field">
            <label htmlFor="sf-password">Password</label>
            <input id="sf-password" name="password" type="password" required maxLength={100} autoComplete="off" />
          </div>
          <button type="submit" className="sf-button sf-button--primary">Open</button>
        </form>
      </div>
    </Shell>
  )
}
