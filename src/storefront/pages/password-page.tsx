import { ErrorBox, productPath, Shell } from '../blocks/shell'
import type { PasswordPageProps } from '../props'
import { useTexts } from '../i18n/texts-context'

/** A password-protected product asks for its password first; the form posts to the product's URL. */
export default function PasswordPage({ username, slug, error }: PasswordPageProps) {
  const { t } = useTexts()
  return (
    <Shell username={username}>
      <div className="sf-card sf-narrow">
        <h1 className="sf-title">{t.pages.password.heading}</h1>
        <p>{t.pages.password.text}</p>
        <ErrorBox error={error} />
        <form method="post" action={productPath(username, slug)} data-testid="password-form">
          <input type="hidden" name="sf_action" value="password" />
          <div className="sf-field">
            <label htmlFor="sf-password">{t.pages.password.password}</label>
            <input id="sf-password" name="password" type="password" required maxLength={100} autoComplete="off" />
          </div>
          <button type="submit" className="sf-button sf-button--primary">{t.pages.password.open}</button>
        </form>
      </div>
    </Shell>
  )
}
