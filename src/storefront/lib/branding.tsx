import { createContext, useContext } from 'react'
import type { Branding } from '../../shared/customization/branding'

// The seller's branding on the storefront's own pages (docs/decisions/0085-customization.md): the server reads
// it at render time (null while the customization flag is off or nothing is set) and hands it beside the
// page's props; `renderPage` and the client entry provide it, and the Shell reads it. Built pages keep their
// own look (their themes and custom CSS) and are not touched.

export type { Branding }

export const BrandingContext = createContext<Branding | null>(null)

export function useBranding(): Branding | null {
  return useContext(BrandingContext)
}
