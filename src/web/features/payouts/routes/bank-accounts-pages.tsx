// Filled in by the bank accounts part of money out (docs/decisions/0049-money-out.md).
export function BankAccountsPage() {
  return null
}
export function AdminBankAccountsPage() {
  return null
}
export function AdminBankAccountLegitimationsPage() {
  return null
}
