import { timestamp } from 'drizzle-orm/pg-core'

// Column helpers shared by the schema files (not tables: index.ts does not export this file).
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
