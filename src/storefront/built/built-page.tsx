import type { ReactNode } from 'react'
import type { BlockKind, PageBlock, PageDocument } from '../../shared/pages/page-blocks'
import { localizedBlocks } from '../../shared/pages/page-translations'
import { useTexts } from '../i18n/texts-context'
import { pageStyle, themeNamesOwnFont } from './block-style'
import type { BuiltPageData } from './built-data'
import type { BlockProps } from './built-parts'
import {
  AffiliateBlock, ButtonBlock, ContactFormBlock, ConversionToolsBlock, FunnelBlock, FunnelProductBlock, PopularProductsBlock, ProductsBlock, ThankYouPageBlock,
} from './commerce-blocks'
import {
  AudioPlayerBlock, BannerBlock, FileBlock, FooterBlock, GapBlock, HeaderBlock, PdfReaderBlock, PictureBlock, TestimonialsBlock, TextBlock, VideoBlock,
} from './content-blocks'

// A built page (docs/decisions/0059-page-blocks.md): the document's blocks in order, each by its kind's
// component. Server rendering has no error boundary, so each block's component is called inside a try/catch:
// a block that throws renders nothing and is reported to `onBlockError`, and the rest of the page stands.

export const blockComponents: { [K in BlockKind]: (props: BlockProps<K>) => ReactNode } = {
  header: HeaderBlock,
  banner: BannerBlock,
  products: ProductsBlock,
  text: TextBlock,
  button: ButtonBlock,
  picture: PictureBlock,
  audio_player: AudioPlayerBlock,
  video: VideoBlock,
  file: FileBlock,
  pdf_reader: PdfReaderBlock,
  testimonials: TestimonialsBlock,
  popular_products: PopularProductsBlock,
  footer: FooterBlock,
  funnel: FunnelBlock,
  affiliate: AffiliateBlock,
  contact_form: ContactFormBlock,
  conversion_tools: ConversionToolsBlock,
  thank_you_page: ThankYouPageBlock,
  gap: GapBlock,
  funnel_product: FunnelProductBlock,
}

export type BlockErrorHandler = (block: { id: string; kind: string }, error: unknown) => void

/** One block, or null when its kind is unknown or its component throws. */
export function renderBlock(block: PageBlock, data: BuiltPageData, onBlockError?: BlockErrorHandler): ReactNode {
  const component = Object.hasOwn(blockComponents, block.kind) ? blockComponents[block.kind] as (props: BlockProps<BlockKind>) => ReactNode : null
  if (!component) return null
  try {
    return component({ block: block as BlockProps<BlockKind>['block'], data })
  } catch (error) {
    onBlockError?.({ id: String(block.id), kind: String(block.kind) }, error)
    return null
  }
}

export function BuiltPage({ document, data, onBlockError }: { document: PageDocument; data: BuiltPageData; onBlockError?: BlockErrorHandler }) {
  // The blocks in the page's language: each text the document's translation when it has one, else the base text
  // (docs/decisions/0095-product-translations.md, "Built pages"). The HTML cache keys on the language (0094).
  const blocks = localizedBlocks(document, useTexts().locale)
  // The seller's CSS, stored scoped and without "<" (docs/decisions/0068-custom-css.md); checked again here, as
  // it is written into a style element as is. Off when the seller's custom_css feature is off.
  const css = data.customCss !== false && typeof document.settings?.custom_css === 'string' && !document.settings.custom_css.includes('<') ? document.settings.custom_css : ''
  // The seller's own fonts a theme names come from the platform's font stylesheet (docs/decisions/0061-fonts-and-themes.md).
  const fonts = themeNamesOwnFont(data.theme) && typeof data.fontsStylesheet === 'string' && /^\/fonts\/sellers\/\d+\.css$/.test(data.fontsStylesheet) ? data.fontsStylesheet : null
  return (
    <div className="sf-built" style={pageStyle(document.settings, data.theme)} data-testid="built-page">
      {fonts && <link rel="stylesheet" href={fonts} data-testid="built-fonts" />}
      {css && <style data-testid="built-custom-css" dangerouslySetInnerHTML={{ __html: css }} />}
      {blocks.map((block, i) => <div key={`${block.id}-${i}`} className={`sf-built-block sf-built-block--${block.kind}`}>{renderBlock(block, data, onBlockError)}</div>)}
    </div>
  )
}
