import type { Product } from '../../api/types'

/** What every wizard step gets: the product, and a callback with the saved product (or none: reload it). */
export type StepProps = { product: Product; onSaved: (product?: Product) => void }
