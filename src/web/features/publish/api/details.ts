import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { publisherDetailsInput, publisherDetailsOutput } from '../../../../shared/schemas/affiliates'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { queryClient } from '../../../lib/query-client'

// GET/PATCH /publish/details: the publisher's birthday, website, email notifications and platform link.

export type PublisherDetails = Camelize<z.infer<typeof publisherDetailsOutput>>
export type PublisherDetailsInput = z.input<typeof publisherDetailsInput>

export const publisherDetailsKey = ['publish', 'details'] as const

export function publisherDetailsQuery() {
  return queryOptions({
    queryKey: publisherDetailsKey,
    queryFn: ({ signal }) => api.get<PublisherDetails>('/publish/details', { signal }),
  })
}

export async function updatePublisherDetails(input: PublisherDetailsInput): Promise<PublisherDetails> {
  const details = await api.patch<PublisherDetails>('/publish/details', input, { silent: true })
  queryClient.setQueryData(publisherDetailsKey, details)
  return details
}
