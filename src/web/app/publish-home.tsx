import { Stack } from '@mantine/core'
import { IdentityNotice } from '../features/payouts/components/identity-notice'
import { PublishHomePage as PublisherOverview } from '../features/publish/routes/publish-home-page'

// /publish: the publisher's overview (publish feature) with the identity check's notice above it while payouts
// wait for it (payouts feature); features do not import each other, so they meet here.
export function PublishHomePage() {
  return (
    <Stack gap="lg">
      <IdentityNotice area="publish" />
      <PublisherOverview />
    </Stack>
  )
}
