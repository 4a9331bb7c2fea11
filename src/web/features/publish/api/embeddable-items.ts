import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { embeddableItemInput, embeddableItemOutput } from '../../../../shared/schemas/affiliates'
import { listParams, type ListState } from '../../../components/list-state'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { queryClient } from '../../../lib/query-client'

// The publisher's embeddable items: GET/POST /publish/embeddable_items, GET/PATCH/DELETE /publish/embeddable_items/{id}.

export type EmbeddableItem = Camelize<z.infer<typeof embeddableItemOutput>>
export type EmbeddableItemInput = z.input<typeof embeddableItemInput>

export function embeddableItemsQuery(state: ListState) {
  return queryOptions({
    queryKey: ['publish', 'embeddable_items', 'list', state],
    queryFn: ({ signal }) => api.get<{ list: EmbeddableItem[]; totalCount: number; totalCountMax: number }>('/publish/embeddable_items', { signal, query: listParams(state) }),
    placeholderData: keepPreviousData,
  })
}

export function embeddableItemQuery(id: number) {
  return queryOptions({
    queryKey: ['publish', 'embeddable_items', 'one', id],
    queryFn: ({ signal }) => api.get<{ embeddableItem: EmbeddableItem } | EmbeddableItem>(`/publish/embeddable_items/${id}`, { signal }).then(unwrap),
    enabled: id > 0,
  })
}

/** The answer is `{ embeddable_item }` or the item itself; both are read. */
function unwrap(answer: { embeddableItem: EmbeddableItem } | EmbeddableItem): EmbeddableItem {
  return 'embeddableItem' in answer ? answer.embeddableItem : answer
}

export async function saveEmbeddableItem(id: number | null, input: EmbeddableItemInput): Promise<EmbeddableItem> {
  const answer = id === null
    ? await api.post<{ embeddableItem: EmbeddableItem } | EmbeddableItem>('/publish/embeddable_items', input, { silent: true })
    : await api.patch<{ embeddableItem: EmbeddableItem } | EmbeddableItem>(`/publish/embeddable_items/${id}`, input, { silent: true })
  const item = unwrap(answer)
  queryClient.setQueryData(embeddableItemQuery(item.id).queryKey, item)
  await queryClient.invalidateQueries({ queryKey: ['publish', 'embeddable_items', 'list'] })
  return item
}

export async function deleteEmbeddableItem(id: number): Promise<void> {
  await api.delete(`/publish/embeddable_items/${id}`)
  await queryClient.invalidateQueries({ queryKey: ['publish', 'embeddable_items', 'list'] })
}
