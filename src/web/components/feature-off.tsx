import { Alert, Anchor, Stack, Text } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { FeatureFlag } from '../../shared/accounts'
import { useFeature, useSellerFeatures } from '../lib/features'

// What a seller sees where a function is behind a feature flag that is off for them
// (docs/decisions/0077-feature-flags.md): the function's name, that it is not part of their account now, and
// the plans on offer that unlock it, with a link to the plans page. The server refuses the function anyway.

export function FeatureOff({ flag, compact = false }: { flag: FeatureFlag; compact?: boolean }) {
  const { t } = useTranslation()
  const features = useSellerFeatures()
  const plans = features.data?.features.find((f) => f.flag === flag)?.unlockedBy ?? []
  const name = t(`featureFlags.names.${flag}`)
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />} title={compact ? undefined : t('featureFlags.off.title', { name })} data-testid={`feature-off-${flag}`}>
      <Stack gap={4}>
        <Text size="sm">{t('featureFlags.off.text', { name })}</Text>
        <Text size="sm">
          {plans.length > 0 ? t('featureFlags.off.unlockedBy', { plans: plans.map((p) => p.name).join(', ') }) : t('featureFlags.off.noPlan')}
          {' '}
          {plans.length > 0 && <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/cabinet/plans" />}>{t('featureFlags.off.seePlans')}</Anchor>}
        </Text>
      </Stack>
    </Alert>
  )
}

/** The children when the flag is on; the notice when it is off. */
export function FeatureGate({ flag, children }: { flag: FeatureFlag; children: ReactNode }) {
  const { enabled } = useFeature(flag)
  return enabled ? <>{children}</> : <FeatureOff flag={flag} />
}

/** A notice for each of the flags that is off (a page whose parts are behind several flags). */
export function FeaturesOff({ flags }: { flags: readonly FeatureFlag[] }) {
  return <>{flags.map((flag) => <FeatureOffIfOff key={flag} flag={flag} />)}</>
}

function FeatureOffIfOff({ flag }: { flag: FeatureFlag }) {
  const { enabled } = useFeature(flag)
  return enabled ? null : <FeatureOff flag={flag} compact />
}
