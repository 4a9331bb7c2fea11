import { ErrorBox, signInPath, Shell } from '../blocks/shell'
import type { SignInPageProps } from '../props'

/**
 * The payer's sign-in by magic link: the email posts to this page, the server asks the accounts service to
 * mail a link, and the link opens the back office's payer area (the existing magic-link flow).
 */
export default function SignInPage({ username, sent, email, error, returnTo, previewUrl }: SignInPageProps) {
  return (
    <Shell username={username}>
      <div className="sf-card sf-narrow">
        <h1 className="sf-title">Sign in to access your purchase</h1>
        {sent
          ? (
            <>
              <p className="sf-notice" role="status" data-testid="sign-in-sent">If an account exists for {email}, we have sent it a sign-in link. It is valid for 15 minutes.</p>
              {/* mail preview mode only: no mail server, so the stored mail is the way in (docs/decisions/0041-first-ten-minutes.md) */}
              {previewUrl && <p><a href={previewUrl} data-testid="mail-preview">View the mail</a> (no mail server is set up; this link shows only in development)</p>}
            </>
          )
          : (
            <>
              <p>We will email you a link that signs you in. No password needed.</p>
              <ErrorBox error={error} />
              <form method="post" action={signInPath(username)} data-testid="sign-in-form">
                {returnTo && <input type="hidden" name="return_to" value={returnTo} />}
                <div className="sf-field">
                  <label htmlFor="sf-email">Email address</label>
                  <input id="sf-email" name="email" type="email" required maxLength={254} autoComplete="email" defaultValue={email} />
                </div>
                <button type="submit" className="sf-button sf-button--primary">Send me a sign-in link</button>
              </form>
            </>
          )}
      </div>
    </Shell>
  )
}
