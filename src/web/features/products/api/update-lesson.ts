import type { z } from 'zod'
import type { updateLessonInput } from '../../../../shared/schemas/courses'
import { api } from '../../../lib/api'

/** PATCH /cabinet/products/{id}/course/lessons/{lesson_id}: title, content blocks, quiz. */
export async function updateLesson(productId: number, lessonId: number, input: z.input<typeof updateLessonInput>): Promise<void> {
  await api.patch(`/cabinet/products/${productId}/course/lessons/${lessonId}`, input, { silent: true })
}
