import type { z } from 'zod'
import type { updateModuleInput } from '../../../../shared/schemas/courses'
import { api } from '../../../lib/api'

/** PATCH /cabinet/products/{id}/course/modules/{module_id}: title, description, translations. */
export async function updateModule(productId: number, moduleId: number, input: z.input<typeof updateModuleInput>): Promise<void> {
  await api.patch(`/cabinet/products/${productId}/course/modules/${moduleId}`, input, { silent: true })
}
