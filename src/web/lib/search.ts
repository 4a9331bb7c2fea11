import { useRouterState } from '@tanstack/react-router'

// Pages read their query parameters as text. The router parses `?page=2` as a number and `?x=true` as
// a boolean; tokens and paths are strings to us, so every value is turned back into a string.
export function searchString(search: Record<string, unknown>, name: string): string | undefined {
  const value = search[name]
  if (value === undefined || value === null || value === '') return undefined
  return typeof value === 'string' ? value : String(value)
}

export function useSearchParam(name: string): string | undefined {
  return useRouterState({ select: (state) => searchString(state.location.search as Record<string, unknown>, name) })
}
