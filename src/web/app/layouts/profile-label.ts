import { useTranslation } from 'react-i18next'
import type { Profile } from '../../lib/session'

/** "Seller · Anna's Shop", "Team member · for Bakery Ltd", "Payer": the seller's display name, else the username. */
export function useProfileLabel() {
  const { t } = useTranslation()
  return (profile: Profile): string => {
    const type = t(`profileTypes.${profile.type}`)
    if ((profile.type === 'team_member' || profile.type === 'sales_team_member') && profile.sellerUsername) {
      return t('profiles.forSeller', { type, seller: profile.name ?? profile.sellerUsername })
    }
    const name = profile.name ?? profile.sellerUsername
    return name ? `${type} · ${name}` : type
  }
}
