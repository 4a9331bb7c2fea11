import type { z } from 'zod'
import type { lessonInput } from '../../../../shared/schemas/courses'
import { api } from '../../../lib/api'

/** POST /cabinet/products/{id}/course/modules/{module_id}/lessons. */
export async function addLesson(productId: number, moduleId: number, input: z.input<typeof lessonInput>): Promise<void> {
  await api.post(`/cabinet/products/${productId}/course/modules/${moduleId}/lessons`, input, { silent: true })
}
