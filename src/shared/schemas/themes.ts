import { z } from 'zod'
import { requiredText } from '../validation/account-schemas'
import { zHexColor } from '../validation/schemas'
import { isStorableText, zIdParam, zText } from '../validation/storable'
import { listOutput, listQuery } from './lists'

// A seller's themes (docs/decisions/0061-fonts-and-themes.md): eight kinds, each public (listed in the template
// hub, copyable by every seller) or private; the settings are the page builder's JSON object. A theme can be
// shared by an unguessable link; the receiver copies it into their own account and applies it.

export const themeKinds = ['ShopTheme', 'MembershipTheme', 'Product', 'AddonTheme', 'PaymentPageTemplate', 'AffiliateLanding', 'Funnel', 'MultiItemsSharing'] as const
export type ThemeKind = (typeof themeKinds)[number]
export const themeVisibilities = ['public', 'private'] as const
export type ThemeVisibility = (typeof themeVisibilities)[number]

/** The settings' size as JSON text; the page builder's largest pages stay well below it. */
export const themeSettingsMaxBytes = 64 * 1024
export const themeNameMaxLength = 120

const fontFamily = zText().max(100, { error: 'too_long' })
const fontSize = z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(0, { error: 'out_of_range' }).max(200, { error: 'out_of_range' })

/**
 * The styling keys a shop and a membership theme share, named as the shop builder names them; every one is
 * optional and checked when present (colours as hex), other keys pass as the page builder writes them.
 */
export const themeStylingFields = {
  backgroundColor: zHexColor.optional(),
  fontColor: zHexColor.optional(),
  productColor: zHexColor.optional(),
  priceColor: zHexColor.optional(),
  oldPriceColor: zHexColor.optional(),
  currencyColor: zHexColor.optional(),
  descriptionColor: zHexColor.optional(),
  categoryColor: zHexColor.optional(),
  buttonColor: zHexColor.optional(),
  buttonTextColor: zHexColor.optional(),
  menuColor: zHexColor.optional(),
  headerBackgroundColor: zHexColor.optional(),
  linkColor: zHexColor.optional(),
  productFont: fontFamily.optional(),
  priceFont: fontFamily.optional(),
  descriptionFont: fontFamily.optional(),
  categoryFont: fontFamily.optional(),
  buttonFont: fontFamily.optional(),
  menuFont: fontFamily.optional(),
  productSize: fontSize.optional(),
  priceSize: fontSize.optional(),
  descriptionSize: fontSize.optional(),
  buttonSize: fontSize.optional(),
  view: z.enum(['grid', 'list', 'slider'], { error: 'invalid_value' }).optional(),
  showButton: z.boolean({ error: 'invalid_value' }).optional(),
  buttonText: zText().max(200, { error: 'too_long' }).optional(),
  stickyHeader: z.boolean({ error: 'invalid_value' }).optional(),
}
export type ThemeStylingKey = keyof typeof themeStylingFields
export const themeStylingKeys = Object.keys(themeStylingFields) as ThemeStylingKey[]
export const themeColorKeys = themeStylingKeys.filter((k) => k.endsWith('Color'))

/** Every string of a JSON value (keys too) is one PostgreSQL stores. */
function storableJson(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value)
  if (Array.isArray(value)) return value.every(storableJson)
  if (value && typeof value === 'object') return Object.entries(value).every(([k, v]) => isStorableText(k) && storableJson(v))
  return true
}

export const themeSettings = z.object(themeStylingFields).catchall(z.unknown())
  .refine((value) => storableJson(value), { error: 'unstorable_text' })
  .refine((value) => new TextEncoder().encode(JSON.stringify(value)).length <= themeSettingsMaxBytes, { error: 'too_long' })
  .meta({ description: `The page builder's settings: a JSON object of at most ${themeSettingsMaxBytes} bytes as JSON; the listed styling keys are checked when present` })
export type ThemeSettings = z.output<typeof themeSettings>

const themeName = requiredText().max(themeNameMaxLength, { error: 'too_long', abort: true })

export const createThemeInput = z.strictObject({
  kind: z.enum(themeKinds, { error: 'invalid_value' }),
  name: themeName,
  visibility: z.enum(themeVisibilities, { error: 'invalid_value' }).default('private'),
  settings: themeSettings.default({}),
})
export type CreateThemeInput = z.output<typeof createThemeInput>

export const updateThemeInput = z.strictObject({
  name: themeName.optional(),
  visibility: z.enum(themeVisibilities, { error: 'invalid_value' }).optional(),
  /** Replaces the settings whole. */
  settings: themeSettings.optional(),
})
export type UpdateThemeInput = z.output<typeof updateThemeInput>

export const copyThemeInput = z.strictObject({ name: themeName.optional() })
export type CopyThemeInput = z.output<typeof copyThemeInput>

/** Turns the shared link on (a new token, the old link stops working) or off. */
export const shareThemeInput = z.strictObject({ enabled: z.boolean() })
export type ShareThemeInput = z.output<typeof shareThemeInput>

export const themeParams = z.strictObject({ id: zIdParam() })
export const themeTokenParams = z.strictObject({ token: zText().min(1).max(64) })

export const themeListQuery = listQuery.pick({ page: true, per: true, query: true }).extend({
  kind: z.enum(themeKinds, { error: 'invalid_value' }).optional(),
}).strict()
export type ThemeListQuery = z.output<typeof themeListQuery>

export const themeOutput = z.object({
  id: z.number().int(),
  kind: z.enum(themeKinds),
  name: z.string(),
  visibility: z.enum(themeVisibilities),
  settings: z.record(z.string(), z.unknown()),
  /** Whether this is the seller's applied theme of its kind. */
  applied: z.boolean(),
  /** The shared link while sharing is on. */
  share_url: z.string().nullable(),
  share_token: z.string().nullable(),
  copied_from_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type ThemeOutput = z.infer<typeof themeOutput>
export const themeAnswer = z.object({ theme: themeOutput })
export const listOfThemes = listOutput(themeOutput)

/** A theme as another seller sees it: in the hub or through a shared link. */
export const publicThemeOutput = z.object({
  id: z.number().int(),
  kind: z.enum(themeKinds),
  name: z.string(),
  settings: z.record(z.string(), z.unknown()),
  seller: z.object({ id: z.number().int(), name: z.string() }),
  /** Whether it is the asking seller's own theme. */
  own: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type PublicThemeOutput = z.infer<typeof publicThemeOutput>
export const publicThemeAnswer = z.object({ theme: publicThemeOutput })
export const listOfPublicThemes = listOutput(publicThemeOutput)
