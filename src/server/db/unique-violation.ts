/**
 * Whether an error (or any error in its `cause` chain: Drizzle wraps the driver's) is PostgreSQL's
 * unique violation (23505), on the named constraint or index when one is given. The name is matched as a
 * part of the constraint's name or of the message, since PGlite and `pg` report the constraint differently
 * and a prefix names a family of indexes (`seller_subdomains_`).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: any = error; e; e = e.cause) {
    if (e.code !== '23505') continue
    if (constraint === undefined) return true
    if (String(e.constraint ?? '').includes(constraint) || String(e.message ?? '').includes(constraint)) return true
  }
  return false
}
