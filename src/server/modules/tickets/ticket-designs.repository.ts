import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { ticketDesigns } from '../../db/schema'

// The SQL of ticket designs: one row per eventTickets product (found among the seller's products first).

export type TicketDesignRow = typeof ticketDesigns.$inferSelect
export type TicketDesignValues = Omit<TicketDesignRow, 'productId' | 'updatedAt'>

export async function findDesign(db: Executor, productId: number): Promise<TicketDesignRow | undefined> {
  const [row] = await db.select().from(ticketDesigns).where(eq(ticketDesigns.productId, productId)).limit(1)
  return row
}

export async function saveDesign(db: Executor, productId: number, values: TicketDesignValues, now: Date): Promise<TicketDesignRow> {
  const [row] = await db.insert(ticketDesigns).values({ productId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: ticketDesigns.productId, set: { ...values, updatedAt: now } }).returning()
  return row!
}
