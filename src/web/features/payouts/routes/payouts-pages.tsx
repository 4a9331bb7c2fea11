// Filled in by the payouts part of money out (docs/decisions/0049-money-out.md).
export function PayoutsPage() {
  return null
}
export function PayoutsBalancePage() {
  return null
}
export function PayoutsSettingsPage() {
  return null
}
export function AdminPayoutsPage() {
  return null
}
