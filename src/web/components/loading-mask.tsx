import { Box, LoadingOverlay } from '@mantine/core'
import type { ReactNode } from 'react'

// docs/reference/catalogue-and-selling.md §4: a loading mask and spinner appear while data loads.
export type LoadingMaskProps = { visible: boolean; children?: ReactNode; minHeight?: number }

export function LoadingMask({ visible, children, minHeight = 120 }: LoadingMaskProps) {
  return (
    <Box pos="relative" mih={visible ? minHeight : undefined} aria-busy={visible}>
      <LoadingOverlay visible={visible} zIndex={50} overlayProps={{ blur: 1 }} loaderProps={{ type: 'oval' }} />
      {children}
    </Box>
  )
}
