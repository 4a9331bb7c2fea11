import type { UploadKind } from '../../../../shared/schemas/media'
import { customCssMaxLength } from '../../../../shared/pages/custom-css'
import {
  alignments, blockWidths, buttonAnimations, buttonStyles, buttonTypes, contactFieldKinds, contactFieldTypes, conversionTools, countdownTypes,
  countdownUnits, fontFamilies, fontLevels, fontStyles, menuLinkTypes, paddingUnits, paymentOptions, productSourcesAllowedOn, productViews,
  progressStyles, socialProofTypes, textLimits, videoTypes, widgetLimits, type BlockKind, type PageType,
} from '../../../../shared/pages/page-blocks'
import { defaultBlockSettings } from '../../../../shared/schemas/page-blocks'

// What the editor knows of each block's settings: one small description per setting, from which the Puck
// fields (block-config.tsx) and the conversion back to a page document (page-data.ts) are both made, so the
// two cannot drift. Bounds are the schemas' (src/shared/schemas/page-blocks.ts, docs/decisions/0059-page-blocks.md);
// the server checks the whole document again on save.

export type Spec =
  /** `inline`: also edited in place on the canvas (Puck's contentEditable); only for texts the blocks render as content, never in an attribute. */
  /** `hint`: an i18n key of the empty field's placeholder (e.g. the funnel block's placeholders). */
  | { t: 'text'; max: number; nullable?: boolean; multiline?: boolean; inline?: boolean; hint?: string }
  | { t: 'html' }
  | { t: 'link'; nullable?: boolean }
  /** `accept`: the upload kind the block plays (any when absent); the picker offers those and uploads as that kind. */
  | { t: 'upload'; accept?: UploadKind }
  | { t: 'int'; min: number; max: number; nullable?: boolean; step?: number }
  | { t: 'color'; nullable?: boolean }
  | { t: 'enum'; values: readonly string[] }
  | { t: 'bool' }
  | { t: 'product' }
  | { t: 'products' }
  | { t: 'multi'; values: readonly string[] }
  | { t: 'social' }
  | { t: 'datetime' }
  /** `optional`: null in the document, shown with an on/off switch in the editor. */
  | { t: 'object'; fields: Specs; optional?: boolean; defaults?: () => Record<string, unknown> }
  | { t: 'array'; item: Specs; max: number; min?: number }
export type Specs = Record<string, Spec>
type TextSpec = Extract<Spec, { t: 'text' }>

const title: TextSpec = { t: 'text', max: textLimits.title, nullable: true, inline: true }
/** A title the block also writes into an attribute (the video's and PDF's frame title): edited in the side panel only. */
const attributeTitle: Spec = { t: 'text', max: textLimits.title, nullable: true }
const text: TextSpec = { t: 'text', max: textLimits.text, nullable: true, multiline: true }
const label: Spec = { t: 'text', max: textLimits.label, inline: true }

function style(kind: BlockKind): Specs {
  return {
    background_color: { t: 'color', nullable: true },
    text_color: { t: 'color' },
    transparency: { t: 'int', min: 0, max: 100 },
    width: { t: 'int', min: 1, max: 100 },
    max_width: { t: 'int', min: 1, max: blockWidths[kind].maxWidth },
    padding: { t: 'object', fields: { value: { t: 'int', min: 0, max: widgetLimits.maxPaddingPx }, unit: { t: 'enum', values: paddingUnits } } },
    alignment: { t: 'enum', values: alignments },
    radius: { t: 'int', min: 0, max: widgetLimits.maxRadius },
    font_level: { t: 'enum', values: fontLevels },
    font_family: { t: 'enum', values: fontFamilies },
    font_size: { t: 'int', min: widgetLimits.minFontSize, max: widgetLimits.maxFontSize, nullable: true },
    font_style: { t: 'enum', values: fontStyles },
    font_weight: { t: 'int', min: 100, max: 900, step: 100 },
  }
}

export const buttonSpecs: Specs = {
  text: label,
  type: { t: 'enum', values: buttonTypes },
  style: { t: 'enum', values: buttonStyles },
  animation: { t: 'enum', values: buttonAnimations },
  color: { t: 'color' },
  text_color: { t: 'color' },
  radius: { t: 'int', min: 0, max: widgetLimits.maxRadius },
  product_id: { t: 'product' },
  payment_option: { t: 'enum', values: paymentOptions },
  url: { t: 'link', nullable: true },
  upload_key: { t: 'upload' },
  lesson_id: { t: 'int', min: 1, max: 2_147_483_647, nullable: true },
  new_tab: { t: 'bool' },
}
const button = { t: 'object', fields: buttonSpecs } as const satisfies Spec

const menuEntry: Specs = { name: label, url: { t: 'link' }, link_type: { t: 'enum', values: menuLinkTypes } }
const menu: Spec = { t: 'array', max: widgetLimits.maxMenuItems, item: { ...menuEntry, submenu: { t: 'array', max: widgetLimits.maxMenuItems, item: menuEntry } } }

/** The settings of each kind, besides the style every block has. `products` takes the page type's sources. */
function own(kind: BlockKind, pageType: PageType): Specs {
  switch (kind) {
    case 'header': return {
      logo_key: { t: 'upload', accept: 'image' }, title, menu, social: { t: 'social' },
      language_switcher: { t: 'bool' }, sharing_options: { t: 'bool' }, my_account_switcher: { t: 'bool' }, sticky_header: { t: 'bool' }, show_cancel_subscription: { t: 'bool' },
    }
    case 'banner': return { title, text, image_key: { t: 'upload', accept: 'image' }, button: { ...button, optional: true, defaults: () => defaultBlockSettings('button').button } }
    case 'products': {
      const sources = productSourcesAllowedOn(pageType)
      return {
        source: { t: 'enum', values: sources.length > 0 ? sources : ['seller_products'] }, product_ids: { t: 'products' }, view: { t: 'enum', values: productViews },
        columns: { t: 'int', min: 1, max: 4 }, show_button: { t: 'bool' }, button, show_price: { t: 'bool' }, show_old_price: { t: 'bool' },
        show_description: { t: 'bool' }, show_category: { t: 'bool' },
      }
    }
    case 'text': return { html: { t: 'html' } }
    case 'button': return { button }
    case 'picture': return { image_key: { t: 'upload', accept: 'image' }, alt: { t: 'text', max: textLimits.title }, link: { t: 'link', nullable: true } }
    case 'audio_player': return { upload_key: { t: 'upload', accept: 'audio' }, title }
    case 'video': return {
      type: { t: 'enum', values: videoTypes }, upload_key: { t: 'upload', accept: 'video' }, url: { t: 'link', nullable: true }, title: attributeTitle, autoplay: { t: 'bool' }, controls: { t: 'bool' },
    }
    case 'file': return { upload_key: { t: 'upload' }, title, button_text: label }
    case 'pdf_reader': return { upload_key: { t: 'upload', accept: 'pdf' }, title: attributeTitle, height: { t: 'int', min: 200, max: 2000 } }
    case 'testimonials': return {
      title,
      items: { t: 'array', max: widgetLimits.maxTestimonials, item: { avatar_key: { t: 'upload', accept: 'image' }, full_name: label, text: { t: 'text', max: textLimits.text, multiline: true } } },
      view: { t: 'enum', values: ['grid', 'list', 'slider'] },
    }
    case 'popular_products': return { title, per_slide: { t: 'int', min: 1, max: widgetLimits.maxPerSlide }, product_ids: { t: 'products' }, button }
    case 'footer': return { text, menu, social: { t: 'social' } }
    // The funnel block's texts take the order's placeholders (src/storefront/built/funnel-text.ts, docs/decisions/0071-funnel-gaps.md).
    case 'funnel': return {
      title: { ...title, hint: 'pageBuilder.hints.funnelTitle' }, text: { ...text, hint: 'pageBuilder.hints.funnelText' },
      product_id: { t: 'product' }, accept: button, decline_text: label,
    }
    case 'affiliate': return { title, button_text: label }
    case 'contact_form': return {
      title,
      fields: {
        t: 'array', min: 1, max: widgetLimits.maxContactFields,
        item: { kind: { t: 'enum', values: contactFieldKinds }, label: { t: 'text', max: textLimits.label, nullable: true }, type: { t: 'enum', values: contactFieldTypes }, required: { t: 'bool' } },
      },
      button, success_text: { t: 'text', max: textLimits.text, multiline: true },
    }
    case 'conversion_tools': return {
      tool: { t: 'enum', values: conversionTools }, title,
      countdown_type: { t: 'enum', values: countdownTypes }, countdown_units: { t: 'multi', values: countdownUnits },
      countdown_number: { t: 'int', min: 0, max: 1_000_000 }, countdown_end: { t: 'datetime' },
      progress_style: { t: 'enum', values: progressStyles }, progress_value: { t: 'int', min: 0, max: 100 }, progress_text: title,
      social_proof_type: { t: 'enum', values: socialProofTypes }, product_id: { t: 'product' },
    }
    case 'thank_you_page': return { title: { t: 'text', max: textLimits.title, inline: true }, text, show_order: { t: 'bool' }, show_access: { t: 'bool' } }
    case 'gap': return { height: { t: 'int', min: 0, max: widgetLimits.maxGapHeight } }
    case 'funnel_product': return { product_id: { t: 'product' }, show_price: { t: 'bool' }, show_description: { t: 'bool' } }
  }
}

/** Every setting of a block of `kind` on a page of `pageType`: its own first, then the style. */
export function blockSpecs(kind: BlockKind, pageType: PageType): Specs {
  return { ...own(kind, pageType), ...style(kind) }
}

/** The page's own settings (the Puck root). */
export const pageSettingsSpecs: Specs = {
  background_color: { t: 'color', nullable: true },
  text_color: { t: 'color' },
  font_family: { t: 'enum', values: fontFamilies },
  // The custom_css feature's (docs/decisions/0068-custom-css.md): the server scopes it under the page when saved.
  custom_css: { t: 'text', max: customCssMaxLength, multiline: true },
}
