import type { TestApp } from '../helpers/test-app'
import type { TestSeller } from './catalog'
import { signUpUser, type SignedUp } from './users'
import { noTeamPermissions, type TeamPermissions } from '../../src/shared/schemas/teams'

export type TestTeamMember = SignedUp & { teamMemberId: number; profileId: number; sellerId: number }

/**
 * A user (payer profile, email confirmed) invited to the seller's team with these levels and accepted
 * through the API; the session still has its own profile selected (act with X-Seller-Id or switch).
 */
export async function createTeamMember(t: TestApp, seller: TestSeller, levels: Partial<TeamPermissions> = {}): Promise<TestTeamMember> {
  const user = await signUpUser(t, { profile_type: 'payer' })
  await t.deps.database.executeSql('update users set confirmed_at = now() where id = $1', [user.userId])
  const invited = await t.request({ method: 'POST', url: '/api/v1/cabinet/team_members', token: seller.accessToken, payload: { email: user.email, permissions: { ...noTeamPermissions(), ...levels } } })
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`)
  const id = invited.json().team_member.id as number
  const accepted = await t.request({ method: 'POST', url: `/api/v1/team_member/invites/${id}/accept`, token: user.accessToken })
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`)
  return { ...user, teamMemberId: id, profileId: accepted.json().team_member.profile_id, sellerId: seller.sellerId }
}

/** Switches the team member's session to their profile for the seller; answers the new access token. */
export async function actAsTeamMember(t: TestApp, member: TestTeamMember): Promise<string> {
  const res = await t.request({ method: 'PUT', url: '/api/v1/app/session/profile', token: member.accessToken, payload: { profile_id: member.profileId } })
  if (res.statusCode !== 200) throw new Error(`switch failed: ${res.statusCode} ${res.body}`)
  return res.json().access_token
}
