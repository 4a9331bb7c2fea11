import type { Transitions } from './transitions'

// A DATEV export of one period (docs/decisions/0076-datev-export.md). pending: asked for, the job
// enqueued; processing: the job builds the files; done: files stored; failed: the error kept; the seller
// asks again (failed -> pending, the job enqueued) or the job's own retry takes it (failed -> processing).

export const datevExportStates = ['pending', 'processing', 'done', 'failed'] as const
export type DatevExportState = (typeof datevExportStates)[number]

export const datevExportTransitions = {
  pending: ['processing', 'failed'],
  processing: ['done', 'failed'],
  done: [],
  failed: ['pending', 'processing'],
} as const satisfies Transitions<DatevExportState>

/** A DATEV booking: pending until an export includes it. */
export const datevBookingStates = ['pending', 'exported'] as const
export type DatevBookingState = (typeof datevBookingStates)[number]
