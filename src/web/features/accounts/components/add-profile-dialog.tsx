import { Button, Group, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { profileArea } from '../../../../shared/accounts'
import { FormError } from '../../../components/form-error'
import { Modal } from '../../../components/modal'
import { isApiError } from '../../../lib/api-client'
import { queryClient } from '../../../lib/query-client'
import { meQueryOptions, switchProfile, type User } from '../../../lib/session'
import { createProfile } from '../api/create-profile'

// Adds a profile to the signed-in account and switches to it (POST /user/profiles, then PUT
// /session/profile). The become-seller dialog of docs/reference/accounts-and-orders.md §2 is this dialog for sellers.

export type AddableProfile = 'seller' | 'publisher' | 'payer' | 'platform_affiliate'

export type AddProfileDialogProps = {
  type: AddableProfile
  opened: boolean
  onClose: () => void
  /** Called after the switch with the user and the area path of the new profile. */
  onDone: (user: User, areaPath: string) => void
}

async function addAndSwitch(type: AddableProfile): Promise<User> {
  try {
    const profile = await createProfile(type)
    return await switchProfile(profile.id)
  } catch (error) {
    if (!isApiError(error) || error.type !== 'profile_exists') throw error
    // the profile exists already (another tab, an earlier attempt): switch to it
    const user = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 })
    const existing = user?.profiles.find((p) => p.type === type)
    if (!existing) throw error
    return switchProfile(existing.id)
  }
}

export function AddProfileDialog({ type, opened, onClose, onDone }: AddProfileDialogProps) {
  const { t } = useTranslation()
  const mutation = useMutation({
    mutationFn: () => addAndSwitch(type),
    onSuccess: (user) => {
      onClose()
      onDone(user, profileArea[type])
    },
  })
  return (
    <Modal opened={opened} onClose={onClose} title={t(`addProfile.${type}.title`)} size="md">
      <Stack>
        <Text>{t(`addProfile.${type}.text`)}</Text>
        <Text size="sm" c="dimmed">{t('addProfile.keepOthers')}</Text>
        <FormError error={mutation.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button onClick={() => mutation.mutate()} loading={mutation.isPending} data-testid={`add-profile-${type}`}>
            {t(`addProfile.${type}.confirm`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

export function BecomeSellerDialog(props: Omit<AddProfileDialogProps, 'type'>) {
  return <AddProfileDialog type="seller" {...props} />
}
