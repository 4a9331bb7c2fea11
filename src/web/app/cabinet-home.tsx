import { DashboardPage } from '../features/cabinet/routes/dashboard-page'
import { SellerDashboard } from '../features/dashboard/routes/seller-dashboard'
import { IdentityNotice } from '../features/payouts/components/identity-notice'

// /cabinet (docs/reference/readings.md 14): the seller's state (cabinet feature) with the seller dashboard's figures
// under it (dashboard feature), with the identity check's notice while payouts wait for it (payouts feature);
// features do not import each other, so they meet here.
export function CabinetHomePage() {
  return (
    <DashboardPage>
      <IdentityNotice area="cabinet" />
      <SellerDashboard />
    </DashboardPage>
  )
}
