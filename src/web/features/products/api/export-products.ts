import type { ListState } from '../../../components/list-state'
import { saveListCsv } from '../../../lib/csv-download'

/** GET /cabinet/products/export.csv with the list's filters, saved as products.csv. */
export function exportProductsCsv(state: ListState): Promise<void> {
  return saveListCsv('/cabinet/products/export.csv', state, 'products.csv')
}
