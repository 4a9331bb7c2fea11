import { useState } from 'react'
import { ErrorBox, Shell } from '../blocks/shell'
import { postJson } from '../lib/api'
import { money } from '../lib/plans'
import { useTexts } from '../i18n/texts-context'
import { textOf } from '../i18n/format'
import type { PageError, SandboxPageProps } from '../props'

// The built-in sandbox provider's hosted page (docs/DESIGN.md "Payments"): the payer picks what the "bank" answers.
// Clearly test mode. Each choice posts the outcome (JSON with JavaScript, a form post without) and then
// returns to the shop's success page. The 3-D Secure button shows a pretend challenge first.

type Outcome = 'success' | 'failure' | 'pending' | 'success_then_decline'

export default function SandboxPage({ payment, challenge: challengeAtStart, error: initialError }: SandboxPageProps) {
  const texts = useTexts()
  const { t, f } = texts
  const tx = t.pages.sandbox
  const [challenge, setChallenge] = useState(challengeAtStart)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<PageError | null>(initialError)
  const action = `/sandbox/payments/${encodeURIComponent(payment.payment_id)}`
  const open = payment.state === 'waiting' || payment.state === 'pending'

  const send = async (outcome: Outcome) => {
    if (busy) return
    setBusy(true)
    setError(null)
    const result = await postJson(`/api/v1/shop/sandbox/payments/${encodeURIComponent(payment.payment_id)}`, { outcome }, texts)
    if (!result.ok) {
      setBusy(false)
      setError(result.error)
      return
    }
    window.location.assign(payment.return_url)
  }

  const button = (outcome: Outcome, label: string, className: string) => (
    <button
      type="submit" name="outcome" value={outcome} className={`sf-button ${className}`} disabled={busy} data-testid={`sandbox-${outcome}`}
      onClick={(e) => { e.preventDefault(); void send(outcome) }}
    >{label}</button>
  )

  return (
    <Shell username={payment.seller_username} testMode>
      <div className="sf-card sf-narrow sf-sandbox" data-testid="sandbox-page">
        <p className="sf-sandbox__badge">{tx.badge}</p>
        <h1 className="sf-title">{tx.heading}</h1>
        <dl className="sf-order">
          <dt>{tx.amount}</dt><dd data-testid="sandbox-amount">{money(payment.amount, payment.currency)}</dd>
          <dt>{tx.product}</dt><dd>{payment.product_name}</dd>
          <dt>{tx.seller}</dt><dd>{payment.seller_username}</dd>
          <dt>{tx.method}</dt><dd>{textOf(t.common.methods, payment.method) ?? payment.method}</dd>
        </dl>
        <ErrorBox error={error} />
        {!open
          ? (
            <p data-testid="sandbox-done">{f(tx.done, { state: textOf(tx.states, payment.state) ?? payment.state })}{' '}<a href={payment.return_url}>{tx.back}</a></p>
          )
          : challenge
            ? (
              <form method="post" action={action} className="sf-sandbox__challenge" data-testid="sandbox-challenge">
                <h2>{tx.challengeHeading}</h2>
                <p>{tx.challengeText}</p>
                <div className="sf-actions">
                  {button('success', tx.approve, 'sf-button--primary')}
                  {button('failure', tx.decline, 'sf-button--danger')}
                </div>
              </form>
            )
            : (
              <form method="post" action={action}>
                <p>{tx.choose}</p>
                <div className="sf-actions sf-actions--stack">
                  {button('success', tx.success, 'sf-button--primary')}
                  {button('failure', tx.failure, 'sf-button--danger')}
                  {button('pending', tx.pending, 'sf-button--secondary')}
                  {button('success_then_decline', tx.successThenDecline, 'sf-button--secondary')}
                  <a
                    className="sf-button sf-button--secondary" href={`${action}?challenge=1`} data-testid="sandbox-challenge-start"
                    onClick={(e) => { e.preventDefault(); setChallenge(true) }}
                  >{tx.challenge}</a>
                </div>
              </form>
            )}
      </div>
    </Shell>
  )
}
