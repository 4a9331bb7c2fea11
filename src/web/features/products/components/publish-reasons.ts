import { productStatusKeys, type ProductStatus } from '../../../../shared/catalog'
import { isApiError } from '../../../lib/api-client'

/** The statuses a 422 `cannot_publish` names (its `fields` with path `statuses`); null for other errors. */
export function cannotPublishReasons(error: unknown): ProductStatus[] | null {
  if (!isApiError(error) || error.type !== 'cannot_publish') return null
  return (error.fields ?? [])
    .map((field) => field.message)
    .filter((message): message is ProductStatus => (productStatusKeys as readonly string[]).includes(message))
}
