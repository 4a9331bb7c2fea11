import { Button } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AddProfileDialog } from '../features/accounts/components/add-profile-dialog'
import { PlatformAffiliatePage } from '../features/publish/routes/platform-affiliate-page'

// /users/ablefy_affiliate: the publish feature's page about the platform program, with the accounts
// feature's add-profile dialog for a signed-in user who has no platform affiliate profile yet.

function AddPlatformAffiliateProfile() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [adding, setAdding] = useState(false)
  return (
    <>
      <Button size="md" w="fit-content" onClick={() => setAdding(true)} data-testid="platform-affiliate-add-profile">{t('addProfile.platform_affiliate.open')}</Button>
      <AddProfileDialog type="platform_affiliate" opened={adding} onClose={() => setAdding(false)} onDone={(_user, areaPath) => void navigate({ to: areaPath })} />
    </>
  )
}

export function PlatformAffiliateRoute() {
  return <PlatformAffiliatePage addProfile={<AddPlatformAffiliateProfile />} />
}
