import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { reusableQuery } from '../../db/fast-path'
import { emailAttachments, emailLogs, emailSubscriptions } from '../../db/schema'

export type EmailLogRow = typeof emailLogs.$inferSelect

const insertEmailLogQuery = reusableQuery((db, row: typeof emailLogs.$inferInsert) => db.insert(emailLogs).values(row).returning())

export async function insertEmailLog(db: Executor, values: typeof emailLogs.$inferInsert): Promise<EmailLogRow> {
  const [row] = await insertEmailLogQuery(db, {}, values)
  return row!
}

export async function insertAttachments(db: Executor, values: (typeof emailAttachments.$inferInsert)[]) {
  if (values.length > 0) await db.insert(emailAttachments).values(values)
}

/** The attachments of a mail, without their bytes. */
export async function attachmentsOf(db: Executor, emailLogId: number) {
  return db.select({ id: emailAttachments.id, filename: emailAttachments.filename, contentType: emailAttachments.contentType, size: emailAttachments.size })
    .from(emailAttachments).where(eq(emailAttachments.emailLogId, emailLogId)).orderBy(emailAttachments.id)
}

export async function attachmentFiles(db: Executor, emailLogId: number) {
  return db.select().from(emailAttachments).where(eq(emailAttachments.emailLogId, emailLogId)).orderBy(emailAttachments.id)
}

export async function findAttachment(db: Executor, emailLogId: number, id: number) {
  const [row] = await db.select().from(emailAttachments).where(and(eq(emailAttachments.emailLogId, emailLogId), eq(emailAttachments.id, id))).limit(1)
  return row
}

export async function findEmailLogByToken(db: Executor, token: string) {
  const [row] = await db.select().from(emailLogs).where(eq(emailLogs.token, token)).limit(1)
  return row
}

export async function findEmailLog(db: Executor, id: number) {
  const [row] = await db.select().from(emailLogs).where(eq(emailLogs.id, id)).limit(1)
  return row
}

export async function setEmailLogState(db: Executor, id: number, state: string, values: { error?: string | null; sentAt?: Date; sentVia?: string } = {}) {
  await db.update(emailLogs).set({ state, ...values }).where(eq(emailLogs.id, id))
}

export async function listEmailLogs(db: Executor, params: { offset: number; limit: number; query?: string; sortDir: 'asc' | 'desc' }) {
  const where = params.query ? or(ilike(emailLogs.to, `%${params.query}%`), ilike(emailLogs.subject, `%${params.query}%`)) : undefined
  const rows = await db.select({
    id: emailLogs.id, token: emailLogs.token, to: emailLogs.to, subject: emailLogs.subject, kind: emailLogs.kind,
    state: emailLogs.state, createdAt: emailLogs.createdAt,
  }).from(emailLogs).where(where)
    .orderBy(params.sortDir === 'asc' ? emailLogs.id : desc(emailLogs.id)).offset(params.offset).limit(params.limit)
  const [filtered] = await db.select({ n: count() }).from(emailLogs).where(where)
  const [all] = await db.select({ n: count() }).from(emailLogs)
  return { rows, total: filtered?.n ?? 0, totalMax: all?.n ?? 0 }
}

export async function findSubscription(db: Executor, email: string, category: string) {
  const [row] = await db.select().from(emailSubscriptions)
    .where(and(sql`lower(${emailSubscriptions.email}) = lower(${email})`, eq(emailSubscriptions.category, category))).limit(1)
  return row
}

export async function insertSubscription(db: Executor, values: typeof emailSubscriptions.$inferInsert) {
  const [row] = await db.insert(emailSubscriptions).values(values).onConflictDoNothing().returning()
  return row
}

export async function findSubscriptionByToken(db: Executor, token: string) {
  const [row] = await db.select().from(emailSubscriptions).where(eq(emailSubscriptions.token, token)).limit(1)
  return row
}

export async function setUnsubscribed(db: Executor, id: number, at: Date | null) {
  await db.update(emailSubscriptions).set({ unsubscribedAt: at }).where(eq(emailSubscriptions.id, id))
}
