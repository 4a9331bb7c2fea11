import { Alert, Anchor, Loader, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { switchProfile } from '../../../lib/session'
import { invitesQuery } from '../api/invites'

// /team_member/sellers/<seller id>/cabinet/<rest>: the team member's path of a seller's cabinet page (a link a
// team member can keep or share). It selects the team member profile for that seller and opens
// /cabinet/<rest>, where every page works with the rights given; the API has the same path
// (docs/decisions/0053-team-members.md).

export function TeamMemberSellerPathPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { sellerId, _splat: rest } = useParams({ strict: false }) as { sellerId?: string; _splat?: string }
  const invites = useQuery(invitesQuery())
  const membership = invites.data?.list.find((i) => i.state === 'active' && i.profileId !== null && String(i.seller.id) === sellerId)
  const started = useRef(false)
  useEffect(() => {
    if (!membership || started.current) return
    started.current = true
    void switchProfile(membership.profileId!).then(() => navigate({ to: `/cabinet/${rest ?? ''}`.replace(/\/$/, '') }))
  }, [membership, navigate, rest])
  if (invites.isSuccess && !membership) {
    return (
      <Stack maw={640} data-testid="team-member-seller-path-unknown">
        <Alert color="yellow">{t('teamMember.noSuchSeller')}</Alert>
        <Anchor component={Link} to="/team_member">{t('teamMember.sellersTitle')}</Anchor>
      </Stack>
    )
  }
  return <Loader data-testid="team-member-seller-path" />
}
