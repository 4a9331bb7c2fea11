import { inArray, sql, sum } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { productViewCounts } from '../../db/schema'

/** Adds views to each product's row of `day` (one statement; a product deleted meanwhile is skipped by the join). */
export async function addViews(db: Executor, day: string, counts: readonly { productId: number; views: number }[]) {
  if (counts.length === 0) return
  const values = sql.join(counts.map((c) => sql`(${c.productId}::int, ${c.views}::int)`), sql`, `)
  await db.execute(sql`insert into ${productViewCounts} (product_id, day, views)
    select v.product_id, ${day}::date, v.views from (values ${values}) as v(product_id, views) join products p on p.id = v.product_id
    on conflict (product_id, day) do update set views = ${productViewCounts.views} + excluded.views`)
}

export async function totals(db: Executor, productIds: readonly number[]) {
  if (productIds.length === 0) return []
  return db.select({ productId: productViewCounts.productId, views: sum(productViewCounts.views).mapWith(Number) }).from(productViewCounts)
    .where(inArray(productViewCounts.productId, [...productIds])).groupBy(productViewCounts.productId)
}
