import { publishStates, reviewStates, type PublishState, type ReviewState } from '../catalog/product-states'
import type { Transitions } from './transitions'

// A product's publish state and its review state (docs/reference/catalogue-and-selling.md §4, docs/reference/readings.md 23). A power seller's
// paid product is reviewed before it is published: publish_pending -> in_review -> published (review
// state reviewed) or rejected. Other products publish directly (review state not_for_review, free ones
// free_without_fee). Who may take a step is the service's check, not the table's:
// - the seller: unpublished -> published or publish_pending, published -> unpublished, withdrawing a
//   request (publish_pending or in_review -> unpublished), resubmitting (rejected or revoked -> publish_pending);
// - a manager: publish_pending -> in_review, the review's outcome, published -> admin_unpublished
//   (taken down) or revoked (approval withdrawn), and lifting a take-down.

export { publishStates, reviewStates, type PublishState, type ReviewState }

export const productPublishTransitions = {
  unpublished: ['published', 'publish_pending'],
  publish_pending: ['in_review', 'unpublished'],
  in_review: ['published', 'rejected', 'unpublished'],
  rejected: ['publish_pending', 'unpublished'],
  published: ['unpublished', 'admin_unpublished', 'revoked'],
  // A revoked approval is fixed and sent for review again, not published straight away.
  revoked: ['publish_pending', 'unpublished'],
  // Only a manager lifts a take-down: back to published, or to unpublished for the seller to fix.
  admin_unpublished: ['published', 'unpublished'],
} as const satisfies Transitions<PublishState>

export const reviewTransitions = {
  // Submitted for review; or it became free and needs none.
  not_for_review: ['in_review', 'free_without_fee'],
  // It became paid: a power seller's product goes to review, any other's needs none.
  free_without_fee: ['in_review', 'not_for_review'],
  // The outcome, or the seller withdrew the request.
  in_review: ['reviewed', 'rejected', 'not_for_review'],
  rejected: ['in_review', 'not_for_review'],
  // A material change after review is reviewed again; a manager can revoke the approval.
  reviewed: ['in_review', 'rejected'],
} as const satisfies Transitions<ReviewState>
