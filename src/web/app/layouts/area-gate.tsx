import { Alert, Button, Center, EmptyState, Group, Loader, Stack } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { Outlet, useNavigate, Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AddProfileDialog, type AddableProfile } from '../../features/accounts/components/add-profile-dialog'
import { api } from '../../lib/api'
import { areaOfPath, entryPath, profileForArea, type Area } from '../../lib/profiles'
import { switchProfile, type User } from '../../lib/session'
import { errorText } from '../../components/form-error'
import { TeamInvites } from '../../features/team-member/components/team-invites'

// An area opens with a profile that works there. When the user has one but another is current, the
// gate switches to it; when the user has none, a friendly page explains and, where it can, offers to
// add one (the become-seller dialog for the cabinet).

const addableIn: Partial<Record<Area, AddableProfile>> = { cabinet: 'seller', publish: 'publisher', payer: 'payer' }

function NoProfile({ area, user }: { area: Area; user: User }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [adding, setAdding] = useState(false)
  const addable = addableIn[area]
  const home = entryPath(user)
  return (
    <>
      <EmptyState
        icon={<IconLock size={28} aria-hidden />}
        variant="light"
        title={t(`gate.${area}.title`)}
        description={t(`gate.${area}.text`, { email: user.email })}
        maw={560}
        mx="auto"
        py="xl"
        data-testid="no-profile"
      >
        <EmptyState.Actions>
          <Group justify="center">
            {addable && <Button onClick={() => setAdding(true)}>{t(`addProfile.${addable}.open`)}</Button>}
            {home !== '/' && areaOfPath(home) !== area && (
              <Button variant="default" component={Link} to={home}>
                {t('gate.toMyArea', { area: t(`areas.${areaOfPath(home) ?? 'cabinet'}`) })}
              </Button>
            )}
          </Group>
        </EmptyState.Actions>
      </EmptyState>
      {/* an invitee without a team member profile yet answers their invitations here */}
      {area === 'team_member' && <TeamInvites only="invites" />}
      {addable && (
        <AddProfileDialog
          type={addable}
          opened={adding}
          onClose={() => setAdding(false)}
          onDone={(_user, areaPath) => void navigate({ to: areaPath })}
        />
      )}
    </>
  )
}

export function AreaGate({ area, user }: { area: Area; user: User }) {
  const { t, i18n } = useTranslation()
  const profile = profileForArea(user, area, api.profileSelection())
  const needsSwitch = profile !== null && profile.id !== user.currentProfileId
  const [failure, setFailure] = useState<unknown>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!needsSwitch || !profile) return
    let active = true
    setFailure(null)
    switchProfile(profile.id).catch((error: unknown) => {
      if (active) setFailure(error)
    })
    return () => {
      active = false
    }
  }, [needsSwitch, profile?.id, attempt]) // eslint-disable-line react-hooks/exhaustive-deps

  if (!profile) return <NoProfile area={area} user={user} />
  if (needsSwitch) {
    if (failure) {
      return (
        <Stack maw={520}>
          <Alert color="red" title={t('gate.switchFailed')}>{errorText(failure, i18n.language, t('errors.generic'))}</Alert>
          <Button variant="light" w="fit-content" onClick={() => setAttempt((n) => n + 1)}>{t('common.tryAgain')}</Button>
        </Stack>
      )
    }
    return (
      <Center py="xl" aria-label={t('gate.switching')}>
        <Loader />
      </Center>
    )
  }
  return <Outlet />
}
