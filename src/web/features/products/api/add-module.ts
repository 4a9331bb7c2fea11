import type { z } from 'zod'
import type { moduleInput } from '../../../../shared/schemas/courses'
import { api } from '../../../lib/api'

/** POST /cabinet/products/{id}/course/modules. */
export async function addModule(productId: number, input: z.input<typeof moduleInput>): Promise<void> {
  await api.post(`/cabinet/products/${productId}/course/modules`, input, { silent: true })
}
