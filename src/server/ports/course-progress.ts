import type { Executor } from '../db/client'

// The payer area (delivery) shows a course's progress beside its access; courses sit above delivery (they
// read its grants), so the progress is handed down through this port, wired in bootstrap.ts.

export type CourseProgress = { finished: number; total: number; percent: number }
export type CourseProgressOf = (db: Executor, payerUserId: number, productId: number) => Promise<CourseProgress>
