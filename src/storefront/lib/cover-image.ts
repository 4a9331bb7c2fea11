import type { ShopProduct } from '../props'

// The product's large cover image: its `srcset` and `sizes`, written once for the <img> (blocks/covers.tsx) and the
// head's preload of the first cover (document.ts). They must be the same strings, so the browser's preload is the
// very image the page then shows (docs/decisions/0099-storefront-client-on-preact.md).

type CoverVariants = ShopProduct['covers'][number]['variants']

export const coverSizes = '(max-width: 768px) 100vw, 50vw'

export function coverSrcSet(variants: CoverVariants): string {
  return `${variants.s640} 640w, ${variants.s1200} 1200w, ${variants.cover} 1920w`
}
