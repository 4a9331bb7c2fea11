// The double-entry ledger: account keys and the postings every money movement writes. See README.md.
export * from './accounts'
export * from './postings'
export * from './base-amounts'
