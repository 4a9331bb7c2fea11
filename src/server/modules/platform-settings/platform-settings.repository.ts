import { asc, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { platformSettingChanges, platformSettings, users } from '../../db/schema'

export type StoredSettings = typeof platformSettings.$inferSelect
export type SettingsRow = Omit<StoredSettings, 'id' | 'updatedAt'>

/** The managers' choices (one row, id 1), or null when no manager changed anything yet. */
export async function readStoredSettings(db: Executor): Promise<StoredSettings | null> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1)).limit(1)
  return row ?? null
}

/** The same row locked for a change, made first if missing (so two managers' changes queue on it). */
export async function lockStoredSettings(db: Executor): Promise<StoredSettings> {
  await db.insert(platformSettings).values({ id: 1 }).onConflictDoNothing()
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1)).for('update')
  return row!
}

export async function writeStoredSettings(db: Executor, values: SettingsRow): Promise<StoredSettings> {
  const [row] = await db.update(platformSettings).set({ ...values, updatedAt: sql`now()` }).where(eq(platformSettings.id, 1)).returning()
  return row!
}

export async function insertSettingChanges(db: Executor, rows: (typeof platformSettingChanges.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(platformSettingChanges).values(rows)
}

export async function listSettingChanges(db: Executor, options: { offset: number; limit: number; sortDir: 'asc' | 'desc' }) {
  const rows = await db.select({ change: platformSettingChanges, managerEmail: users.email })
    .from(platformSettingChanges).innerJoin(users, eq(users.id, platformSettingChanges.managerUserId))
    .orderBy((options.sortDir === 'asc' ? asc : desc)(platformSettingChanges.id)).offset(options.offset).limit(options.limit)
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(platformSettingChanges)
  return { rows, total: count?.n ?? 0 }
}
