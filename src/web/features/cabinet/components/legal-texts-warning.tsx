import { Alert, Button, Stack, Text } from '@mantine/core'
import { IconScale } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { actsAsTeamMember } from '../../../lib/profiles'
import { useMe } from '../../../lib/session'
import { legalTextsReviewQuery } from '../api/legal-texts-review'

// The dashboard's warning until the seller has reviewed the legal texts the shop shows (templates filled
// with the profile until then; docs/decisions/0042-minimal-checkout-and-legal-texts.md).

export function LegalTextsWarning() {
  const { t } = useTranslation()
  const user = useMe().data
  // the user's own seller; not shown to a team member acting for another seller
  const seller = user && !actsAsTeamMember(user) ? user.seller : null
  const review = useQuery({ ...legalTextsReviewQuery(), enabled: Boolean(seller) })
  if (!seller || review.data !== null) return null
  return (
    <Alert color="yellow" icon={<IconScale size={20} aria-hidden />} title={t('legalTexts.warning.title')} data-testid="legal-texts-warning">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('legalTexts.warning.text')}</Text>
        <Button size="xs" variant="light" component={Link} to="/cabinet/settings/cancellation_terms">{t('legalTexts.warning.action')}</Button>
      </Stack>
    </Alert>
  )
}
