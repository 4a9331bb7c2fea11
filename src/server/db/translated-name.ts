import { sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/**
 * A row's `name` in a language, read in SQL: the `translations` jsonb's text for that locale when given, else the base
 * name (docs/decisions/0095-product-translations.md). `locale` is a column (an order's), a bound value, or SQL; a
 * locale with no translation, or none at all, gives the base name. The SQL twin of `localizedProductTexts`' name.
 */
export function nameInLocale(translations: AnyPgColumn | SQL, name: AnyPgColumn | SQL, locale: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`coalesce(nullif(${translations} -> ${locale} ->> 'name', ''), ${name})`
}
