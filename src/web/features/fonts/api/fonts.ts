import { queryOptions } from '@tanstack/react-query'
import type { FontOutput, FontUploadFields, UpdateFontInput } from '../../../../shared/schemas/fonts'
import type { Transfer } from '../../../components/upload-progress'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The seller's custom fonts (docs/decisions/0061-fonts-and-themes.md): /cabinet/fonts.

export type Font = Camelize<FontOutput>
export type FontList = { list: Font[]; totalCount: number; stylesheetUrl: string }

export const fontsKey = ['cabinet', 'fonts'] as const

export function fontsQuery() {
  return queryOptions({ queryKey: fontsKey, queryFn: ({ signal }) => api.get<FontList>('/cabinet/fonts', { signal }) })
}

/** POST /cabinet/fonts: the file with its settings as multipart text fields (the server checks the bytes). */
export function uploadFont(file: File, fields: FontUploadFields, transfer?: Transfer): Promise<{ font: Font }> {
  const form = new FormData()
  form.append('font_name', fields.font_name)
  form.append('fallback_font', fields.fallback_font)
  form.append('font_weight', String(fields.font_weight))
  form.append('font_style', fields.font_style)
  form.append('font_display', fields.font_display)
  form.append('file', file)
  return api.post('/cabinet/fonts', form, { silent: true, ...transfer })
}

export function updateFont(id: number, input: UpdateFontInput): Promise<{ font: Font }> {
  return api.patch(`/cabinet/fonts/${id}`, input, { silent: true })
}

export function deleteFont(id: number): Promise<void> {
  return api.delete(`/cabinet/fonts/${id}`)
}
