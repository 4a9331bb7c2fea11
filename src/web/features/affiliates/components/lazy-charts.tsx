import { Center, Loader } from '@mantine/core'
import { lazy, Suspense, type ComponentProps } from 'react'

// The charts load on first use (./affiliate-charts.tsx).
const Charts = lazy(() => import('./affiliate-charts'))

export function LazyAffiliateCharts(props: ComponentProps<typeof Charts>) {
  return (
    <Suspense fallback={<Center h={240}><Loader size="sm" /></Center>}>
      <Charts {...props} />
    </Suspense>
  )
}
