import { Box, LoadingOverlay } from '@mantine/core'
import type { ReactNode } from 'react'

// Spec 000 section 4: a loading mask and spinner appear while data loads.
export type LoadingMaskProps = { visible: boolean; children?: ReactNode; minHeight?: number }

export function LoadingMask({ visible, children, minHeight = 120 }: LoadingMaskProps) {
  return (
    <Box pos="relative" mih={visible ? minHeight : undefined} aria-busy={visible}>
      <LoadingOverlay visible={visible} zIndex={50} overlayProps={{ blur: 1 }} loaderProps={{ type: 'oval' }} />
      {children}
    </Box>
  )
}
