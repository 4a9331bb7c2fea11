import { useTranslation } from 'react-i18next'
import type { Profile } from '../../lib/session'

/** "Seller · anna-shop", "Team member · for bakery", "Payer". */
export function useProfileLabel() {
  const { t } = useTranslation()
  return (profile: Profile): string => {
    const type = t(`profileTypes.${profile.type}`)
    if ((profile.type === 'team_member' || profile.type === 'sales_team_member') && profile.sellerUsername) {
      return t('profiles.forSeller', { type, seller: profile.sellerUsername })
    }
    const name = profile.name ?? profile.sellerUsername
    return name ? `${type} · ${name}` : type
  }
}
