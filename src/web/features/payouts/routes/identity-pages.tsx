// Filled in by the identity part of money out (docs/decisions/0049-money-out.md).
export function IdentityPage() {
  return null
}
export function AdminLegitimationsPage() {
  return null
}
