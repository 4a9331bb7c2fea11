import { ErrorBox, signInPath, Shell } from '../blocks/shell'
import type { SignInPageProps } from '../props'
import { useTexts } from '../i18n/texts-context'

/**
 * The payer's sign-in by magic link: the email posts to this page, the server asks the accounts service to
 * mail a link, and the link opens the back office's payer area (the existing magic-link flow).
 */
export default function SignInPage({ username, sent, email, error, returnTo, previewUrl }: SignInPageProps) {
  const { t, f } = useTexts()
  return (
    <Shell username={username}>
      <div className="sf-card sf-narrow">
        <h1 className="sf-title">{t.pages.signIn.heading}</h1>
        {sent
          ? (
            <>
              <p className="sf-notice" role="status" data-testid="sign-in-sent">{f(t.pages.signIn.sent, { email })}</p>
              {/* mail preview mode only: no mail server, so the stored mail is the way in (docs/decisions/0041-first-ten-minutes.md) */}
              {previewUrl && <p><a href={previewUrl} data-testid="mail-preview">{t.pages.signIn.previewLink}</a>{' '}{t.pages.signIn.previewNote}</p>}
            </>
          )
          : (
            <>
              <p>{t.pages.signIn.intro}</p>
              <ErrorBox error={error} />
              <form method="post" action={signInPath(username)} data-testid="sign-in-form">
                {returnTo && <input type="hidden" name="return_to" value={returnTo} />}
                <div className="sf-field">
                  <label htmlFor="sf-email">{t.pages.signIn.email}</label>
                  <input id="sf-email" name="email" type="email" required maxLength={254} autoComplete="email" defaultValue={email} />
                </div>
                <button type="submit" className="sf-button sf-button--primary">{t.pages.signIn.send}</button>
              </form>
            </>
          )}
      </div>
    </Shell>
  )
}
