import { Modal as MantineModal, type ModalProps as MantineModalProps } from '@mantine/core'

// docs/reference/catalogue-and-selling.md §4 and §9: small by default, Escape triggers the close action, page scrolling is
// blocked while open (also in fullscreen), with a fullscreen option.
export type ModalProps = Omit<MantineModalProps, 'fullScreen' | 'closeOnEscape' | 'lockScroll'> & {
  fullscreen?: boolean
}

export function Modal({ fullscreen = false, size = 'sm', children, ...props }: ModalProps) {
  return (
    <MantineModal {...props} size={size} fullScreen={fullscreen} closeOnEscape lockScroll trapFocus>
      {children}
    </MantineModal>
  )
}
