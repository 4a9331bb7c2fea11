import { Button, Menu, Text } from '@mantine/core'
import { IconCheck, IconChevronDown, IconPlus } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { profileArea } from '../../../shared/accounts'
import { BecomeSellerDialog } from '../../features/accounts/components/add-profile-dialog'
import { api } from '../../lib/api'
import { areaOfPath, currentProfile, hasProfileType, sortProfiles } from '../../lib/profiles'
import { switchProfile, type Profile, type User } from '../../lib/session'
import { useProfileLabel } from './profile-label'

// The header's profile switcher: one click switches (PUT /session/profile, by the target area's gate
// when the area changes) and opens that profile's area; a user without a seller profile can become one here.
export function ProfileSwitcher({ user }: { user: User }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const label = useProfileLabel()
  const [busy, setBusy] = useState(false)
  const [becomeSeller, setBecomeSeller] = useState(false)
  const current = currentProfile(user)

  const choose = async (profile: Profile) => {
    setBusy(true)
    try {
      const target = profileArea[profile.type]
      if (profile.id !== current?.id && areaOfPath(target) !== areaOfPath(window.location.pathname)) {
        // Another area: choose the profile and go there; that area's gate switches to it. Switching here
        // first would let this area's gate switch straight back while the page is still on screen.
        api.setProfileSelection(profile.id)
      } else if (profile.id !== current?.id) {
        await switchProfile(profile.id)
      }
      await navigate({ to: target })
    } catch {
      // the api client has shown what went wrong
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={280}>
        <Menu.Target>
          <Button
            variant="default"
            rightSection={<IconChevronDown size={16} aria-hidden />}
            loading={busy}
            data-testid="profile-switcher"
            aria-label={t('profiles.switcherLabel')}
            maw={260}
          >
            <Text truncate="end" size="sm" fw={500}>{current ? label(current) : t('profiles.none')}</Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('profiles.switchTo')}</Menu.Label>
          {sortProfiles(user.profiles).map((profile) => (
            <Menu.Item
              key={profile.id}
              data-testid={`profile-item-${profile.type}`}
              rightSection={profile.id === current?.id ? <IconCheck size={16} aria-label={t('profiles.current')} /> : null}
              onClick={() => void choose(profile)}
            >
              {label(profile)}
            </Menu.Item>
          ))}
          {!hasProfileType(user, 'seller') && (
            <>
              <Menu.Divider />
              <Menu.Item leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setBecomeSeller(true)} data-testid="become-seller">
                {t('profiles.becomeSeller')}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <BecomeSellerDialog
        opened={becomeSeller}
        onClose={() => setBecomeSeller(false)}
        onDone={(_user, areaPath) => void navigate({ to: areaPath })}
      />
    </>
  )
}
