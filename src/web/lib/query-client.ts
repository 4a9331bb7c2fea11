import { QueryClient } from '@tanstack/react-query'
import { isApiError, isCanceled } from './api-client'

// One QueryClient for the SPA. Client errors (4xx) and canceled calls are not retried; the api client has
// already shown their toast. Server and network failures are retried once.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => {
        if (isCanceled(error)) return false
        if (isApiError(error) && error.status >= 400 && error.status < 500) return false
        return failureCount < 1
      },
    },
    mutations: { retry: false },
  },
})
