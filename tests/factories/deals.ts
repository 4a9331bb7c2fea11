import type { TestApp } from '../helpers/test-app'
import type { TestSeller } from './catalog'
import { signUpUser, type SignedUp } from './users'

export type TestSalesTeamMember = SignedUp & { salesTeamMemberId: number; profileId: number; sellerId: number; token: string }

/**
 * A user (payer profile, email confirmed) invited to the seller's sales team with this fee and accepted
 * through the API, the session switched to the sales team member profile (`token`).
 */
export async function createSalesTeamMember(t: TestApp, seller: TestSeller, feePercent = 10): Promise<TestSalesTeamMember> {
  const user = await signUpUser(t, { profile_type: 'payer' })
  await t.deps.database.executeSql('update users set confirmed_at = now() where id = $1', [user.userId])
  const invited = await t.request({ method: 'POST', url: '/api/v1/cabinet/sales_team_members', token: seller.accessToken, payload: { email: user.email, fee_percent: feePercent } })
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`)
  const id = invited.json().sales_team_member.id as number
  const accepted = await t.request({ method: 'POST', url: `/api/v1/team_member/invites/${id}/accept`, token: user.accessToken })
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`)
  const profileId = accepted.json().team_member.profile_id as number
  const switched = await t.request({ method: 'PUT', url: '/api/v1/app/session/profile', token: user.accessToken, payload: { profile_id: profileId } })
  if (switched.statusCode !== 200) throw new Error(`switch failed: ${switched.statusCode} ${switched.body}`)
  return { ...user, salesTeamMemberId: id, profileId, sellerId: seller.sellerId, token: switched.json().access_token }
}

/** A deal body for the product's first plan, expiring in a week. */
export const dealBody = (product: { id: number; pricing_plans: { id: number }[] }, overrides: Record<string, unknown> = {}) => ({
  product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payer_email: 'dana.deal@example.test', payer_first_name: 'Dana', payer_last_name: 'Deal',
  price: 7_000, expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(), ...overrides,
})
