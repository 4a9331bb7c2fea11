import type { Transitions } from './transitions'

// A seller's request to sell through a reseller (docs/decisions/0051-resellers.md). waiting: the seller asked,
// the reseller has not answered (the seller may withdraw it: canceled); approved: the reseller sells the
// seller's products in its own name from now on; rejected: the reseller said no, with a reason; canceled: the
// seller withdrew the request, or either side ended an approved one (the seller sells by itself again).
// At most one waiting-or-approved approval per seller.

export const resellerApprovalStates = ['rejected', 'approved', 'canceled', 'waiting'] as const
export type ResellerApprovalState = (typeof resellerApprovalStates)[number]

export const resellerApprovalTransitions = {
  waiting: ['approved', 'rejected', 'canceled'],
  approved: ['canceled'],
  rejected: [],
  canceled: [],
} as const satisfies Transitions<ResellerApprovalState>

/** The approvals that hold the seller's one place: a new request waits until these end. */
export const openResellerApprovalStates: readonly ResellerApprovalState[] = ['waiting', 'approved']
