import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { advanceTestClockOutput, testClockOutput } from '../../../../shared/schemas/billing'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type TestClock = Camelize<z.output<typeof testClockOutput>>

/** GET /admin/test_clock: business time and its offset (404 when TEST_CLOCK is off). */
export function testClockQuery() {
  return queryOptions({
    queryKey: ['admin', 'test-clock'],
    queryFn: ({ signal }) => api.get<TestClock>('/admin/test_clock', { signal, silent: true }),
    retry: false,
  })
}

/** POST /admin/test_clock/advance: answers once every charge, retry and expiry due by then has run. */
export function advanceTestClock(days: number) {
  return api.post<Camelize<z.output<typeof advanceTestClockOutput>>>('/admin/test_clock/advance', { days }, { silent: true })
}
