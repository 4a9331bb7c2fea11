import { api } from '../../../lib/api'

/** DELETE /cabinet/products/{id}/course/lessons/{lesson_id}. */
export async function deleteLesson(productId: number, lessonId: number): Promise<void> {
  await api.delete(`/cabinet/products/${productId}/course/lessons/${lessonId}`)
}
