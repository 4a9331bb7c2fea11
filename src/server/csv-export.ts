import { stringify } from 'csv-stringify/sync'

// The cabinet's CSV exports (products, orders, rates, tickets, invoices, transfers): one way to read a
// filtered list page by page into a CSV, with every text cell safe to open in a spreadsheet.

/** The most rows one export carries. */
export const csvExportMaxRows = 50_000
const pageSize = 500

/** A CSV cell a spreadsheet would read as a formula (= + - @, tab, CR) gets a leading apostrophe. */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

/**
 * The CSV of a list read `pageSize` rows at a time (at most csvExportMaxRows): `readPage` answers one
 * record of cells per row of the page, in order. Every cell is neutralised except the `raw` columns
 * (our own amounts, whose minus is a sign, not a formula).
 */
export async function csvFromPages<C extends string>(
  columns: readonly C[],
  readPage: (page: { offset: number; limit: number }) => Promise<Record<C, string>[]>,
  options: { raw?: readonly C[] } = {},
): Promise<string> {
  const raw = new Set<string>(options.raw ?? [])
  const records: string[][] = []
  for (let offset = 0; offset < csvExportMaxRows; offset += pageSize) {
    const page = await readPage({ offset, limit: pageSize })
    for (const cells of page) records.push(columns.map((column) => (raw.has(column) ? cells[column] : neutraliseFormula(cells[column]))))
    if (page.length < pageSize) break
  }
  return stringify(records, { header: true, columns: [...columns] })
}
