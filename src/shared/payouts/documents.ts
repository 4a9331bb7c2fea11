// The identity documents a party uploads (docs/reference/accounts-and-orders.md §3), per business type.

export const naturalDocumentKinds = ['id_from_front', 'id_from_back', 'proof_doc', 'company_lr', 'article_doc', 'other_doc_1', 'other_doc_2'] as const
export const entityDocumentKinds = ['id_verification', 'company_lr', 'other_doc_1', 'shareholder_declaration'] as const
export const kycDocumentKinds = [...new Set([...naturalDocumentKinds, ...entityDocumentKinds])] as
  readonly ('id_from_front' | 'id_from_back' | 'proof_doc' | 'company_lr' | 'article_doc' | 'other_doc_1' | 'other_doc_2' | 'id_verification' | 'shareholder_declaration')[]
export type KycDocumentKind = (typeof kycDocumentKinds)[number]

export const businessTypes = ['natural', 'entity'] as const
export type BusinessType = (typeof businessTypes)[number]

/**
 * What a party must upload. A natural person: both sides of the identity card and a proof of address;
 * the register extract and articles only when trading as a registered business. An entity: the
 * representative's identity, the register extract and the shareholder declaration.
 */
export function requiredDocumentKinds(businessType: BusinessType, options: { registeredBusiness?: boolean } = {}): KycDocumentKind[] {
  if (businessType === 'entity') return ['id_verification', 'company_lr', 'shareholder_declaration']
  return options.registeredBusiness
    ? ['id_from_front', 'id_from_back', 'proof_doc', 'company_lr', 'article_doc']
    : ['id_from_front', 'id_from_back', 'proof_doc']
}

/** Every kind a party of this type may upload (required first, then optional). */
export function allowedDocumentKinds(businessType: BusinessType): readonly KycDocumentKind[] {
  return businessType === 'entity' ? entityDocumentKinds : naturalDocumentKinds
}

/**
 * The profile modal's limits (docs/reference/accounts-and-orders.md §9 "2, 40, 5"): names at least 2 characters, at most 40;
 * at most 5 ultimate beneficial owners. Uploads: images or PDF up to 10 MB.
 */
export const kycLimits = {
  nameMin: 2,
  nameMax: 40,
  maxUbos: 5,
  maxFileBytes: 10 * 1024 * 1024,
  contentTypes: ['image/jpeg', 'image/png', 'application/pdf'] as const,
  /** Beneficial owners hold more than this share (basis points): 25 %. */
  uboThresholdBps: 2500,
}
