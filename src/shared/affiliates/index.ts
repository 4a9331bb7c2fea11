// Affiliate rules shared by the server and the web (docs/decisions/0048-affiliates.md).
export * from './commissions'
