import { useState } from 'react'
import { ErrorBox, Shell } from '../blocks/shell'
import { postJson } from '../lib/api'
import { money } from '../lib/plans'
import { methodName } from '../texts'
import type { PageError, SandboxPageProps } from '../props'

// The built-in sandbox provider's hosted page (docs/DESIGN.md "Payments"): the payer picks what the "bank" answers.
// Clearly test mode. Each choice posts the outcome (JSON with JavaScript, a form post without) and then
// returns to the shop's success page. The 3-D Secure button shows a pretend challenge first.

type Outcome = 'success' | 'failure' | 'pending' | 'success_then_decline'

export default function SandboxPage({ payment, challenge: challengeAtStart, error: initialError }: SandboxPageProps) {
  const [challenge, setChallenge] = useState(challengeAtStart)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<PageError | null>(initialError)
  const action = `/sandbox/payments/${encodeURIComponent(payment.payment_id)}`
  const open = payment.state === 'waiting' || payment.state === 'pending'

  const send = async (outcome: Outcome) => {
    if (busy) return
    setBusy(true)
    setError(null)
    const result = await postJson(`/api/v1/shop/sandbox/payments/${encodeURIComponent(payment.payment_id)}`, { outcome })
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
        <p className="sf-sandbox__badge">TEST MODE</p>
        <h1 className="sf-title">Sandbox payment</h1>
        <dl className="sf-order">
          <dt>Amount</dt><dd data-testid="sandbox-amount">{money(payment.amount, payment.currency)}</dd>
          <dt>Product</dt><dd>{payment.product_name}</dd>
          <dt>Seller</dt><dd>{payment.seller_username}</dd>
          <dt>Method</dt><dd>{methodName(payment.method)}</dd>
        </dl>
        <ErrorBox error={error} />
        {!open
          ? (
            <p data-testid="sandbox-done">This test payment is already {payment.state}. <a href={payment.return_url}>Back to the shop</a></p>
          )
          : challenge
            ? (
              <form method="post" action={action} className="sf-sandbox__challenge" data-testid="sandbox-challenge">
                <h2>3-D Secure check</h2>
                <p>Your bank asks you to confirm this payment. (Pretend: no code is needed in test mode.)</p>
                <div className="sf-actions">
                  {button('success', 'Approve', 'sf-button--primary')}
                  {button('failure', 'Decline', 'sf-button--danger')}
                </div>
              </form>
            )
            : (
              <form method="post" action={action}>
                <p>Choose how this test payment ends. No real money moves.</p>
                <div className="sf-actions sf-actions--stack">
                  {button('success', 'Success', 'sf-button--primary')}
                  {button('failure', 'Failure', 'sf-button--danger')}
                  {button('pending', 'Pending', 'sf-button--secondary')}
                  {button('success_then_decline', 'Success, then decline later charges', 'sf-button--secondary')}
                  <a
                    className="sf-button sf-button--secondary" href={`${action}?challenge=1`} data-testid="sandbox-challenge-start"
                    onClick={(e) => { e.preventDefault(); setChallenge(true) }}
                  >3-D Secure challenge</a>
                </div>
              </form>
            )}
      </div>
    </Shell>
  )
}
