import { AreaLayout } from './area-layout'

// One component per area for the router's lazy route components.
export const CabinetLayout = () => <AreaLayout area="cabinet" />
export const PublishLayout = () => <AreaLayout area="publish" />
export const ResellerLayout = () => <AreaLayout area="reseller" />
export const TeamMemberLayout = () => <AreaLayout area="team_member" />
export const PayerLayout = () => <AreaLayout area="payer" />
export const AdminLayout = () => <AreaLayout area="admin" />
