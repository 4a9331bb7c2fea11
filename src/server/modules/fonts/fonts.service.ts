import { randomBytes } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import {
  fallbackFonts, fontDisplays, fontFormats, fontStyles, type FallbackFont, type FontDisplay, type FontFormat, type FontOutput, type FontStyle,
  type FontUploadFields, type UpdateFontInput,
} from '../../../shared/schemas/fonts'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import { cssString, fontKindOf, fontKindOfExt, type FontFileKind } from './font-files'
import * as repo from './fonts.repository'

// A seller's custom fonts (docs/decisions/0061-fonts-and-themes.md): uploaded whole, checked by their bytes,
// stored under a generated key before the row is written (and removed again when the row is not), served
// from the platform with a long immutable cache, and gathered in one @font-face stylesheet per seller.

const notFound = () => new AppError('not_found', 'No such font')
/** A seller's fonts are few: each is a family's weight and style. */
export const maxFontsPerSeller = 50

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T => ((values as readonly string[]).includes(value) ? (value as T) : fallback)

const extOfFormat: Record<string, string> = { woff2: 'woff2', woff: 'woff', truetype: 'ttf' }
export const fontFilePath = (row: Pick<repo.FontRow, 'id' | 'fontFormat'>) => `/fonts/${row.id}.${extOfFormat[row.fontFormat] ?? 'ttf'}`
export const stylesheetPath = (sellerId: number) => `/fonts/sellers/${sellerId}.css`

function output(ctx: Ctx, row: repo.FontRow): FontOutput {
  return {
    id: row.id, font_name: row.fontName,
    fallback_font: oneOf(fallbackFonts, row.fallbackFont, 'Montserrat' as FallbackFont),
    font_weight: row.fontWeight,
    font_style: oneOf(fontStyles, row.fontStyle, 'normal' as FontStyle),
    font_display: oneOf(fontDisplays, row.fontDisplay, 'swap' as FontDisplay),
    font_format: oneOf(fontFormats, row.fontFormat, 'truetype' as FontFormat),
    original_name: row.originalName, size: row.size,
    url: `${ctx.deps.config.appUrl}${fontFilePath(row)}`,
    created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  }
}

export async function listFonts(ctx: Ctx) {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const rows = await repo.listForSeller(ctx.db, sellerId)
  return { list: rows.map((r) => output(ctx, r)), total_count: rows.length, stylesheet_url: `${ctx.deps.config.appUrl}${stylesheetPath(sellerId)}` }
}

/** Checks the actor may upload before the bytes are read. */
export function assertCanUpload(ctx: Ctx): void {
  actingSellerId(ctx.actor, 'settings.write')
}

/** Stores a checked font file and its settings; a file that is no WOFF2, WOFF or TrueType font is a 422 `not_a_font`. */
export async function uploadFont(ctx: Ctx, file: { name: string; bytes: Buffer }, fields: FontUploadFields): Promise<{ font: FontOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  const kind: FontFileKind | undefined = fontKindOf(file.bytes)
  if (!kind) throw new AppError('validation_failed', 'The file is not a WOFF2, WOFF or TrueType font', [{ path: 'file', message: 'not_a_font' }])
  // A generated key of the shape storage takes (docs/decisions/0011-storage-keys-and-local-storage.md).
  const key = `font-${randomBytes(16).toString('hex')}.${kind.ext}`
  await ctx.deps.storage.put(key, file.bytes)
  try {
    const row = await ctx.db.transaction(async (tx) => {
      if (await repo.countForSeller(tx, sellerId) >= maxFontsPerSeller) {
        throw new AppError('validation_failed', `At most ${maxFontsPerSeller} fonts`, [{ path: 'file', message: 'out_of_range' }])
      }
      return repo.insertFont(tx, {
        sellerId, fontName: fields.font_name, fallbackFont: fields.fallback_font, fontWeight: fields.font_weight, fontStyle: fields.font_style,
        fontDisplay: fields.font_display, fontFormat: kind.format, storageKey: key, originalName: file.name, size: file.bytes.length,
      })
    })
    return { font: output(ctx, row) }
  } catch (error) {
    await ctx.deps.storage.delete(key)
    throw error
  }
}

export async function updateFont(ctx: Ctx, id: number, input: UpdateFontInput): Promise<{ font: FontOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  const row = await ctx.db.transaction(async (tx) => {
    const found = await repo.findForSeller(tx, sellerId, id)
    if (!found) throw notFound()
    return repo.updateFont(tx, id, {
      fontName: input.font_name, fallbackFont: input.fallback_font, fontWeight: input.font_weight, fontStyle: input.font_style, fontDisplay: input.font_display,
    })
  })
  return { font: output(ctx, row) }
}

export async function deleteFont(ctx: Ctx, id: number): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  const key = await ctx.db.transaction(async (tx) => {
    const found = await repo.findForSeller(tx, sellerId, id)
    if (!found) throw notFound()
    await repo.deleteFont(tx, id)
    return found.storageKey
  })
  // After the commit: a failed removal leaves an unreferenced file, never a row without its file.
  await ctx.deps.storage.delete(key)
}

// ---------------------------------------------------------------- served from the platform

/** The bytes of `/fonts/<id>.<ext>`; any other name, or an extension that is not the font's, is a 404. */
export async function fontFile(ctx: Ctx, file: string): Promise<{ bytes: Buffer; contentType: string }> {
  const match = /^([1-9][0-9]{0,9})\.(woff2|woff|ttf)$/.exec(file)
  if (!match || Number(match[1]) > 2_147_483_647) throw notFound()
  const row = await repo.findById(ctx.db, Number(match[1]))
  const kind = row ? fontKindOfExt(match[2]!) : undefined
  if (!row || !kind || kind.format !== row.fontFormat) throw notFound()
  return { bytes: await ctx.deps.storage.get(row.storageKey), contentType: kind.contentType }
}

/** `/fonts/sellers/<sellerId>.css`: one @font-face rule per font of the seller, every name a CSS string. */
export async function sellerStylesheet(ctx: Ctx, file: string): Promise<string> {
  const match = /^([1-9][0-9]{0,9})\.css$/.exec(file)
  if (!match || Number(match[1]) > 2_147_483_647) throw notFound()
  const rows = await repo.listForSeller(ctx.db, Number(match[1]))
  const base = ctx.deps.config.appUrl
  const formatName: Record<string, string> = { woff2: 'woff2', woff: 'woff', truetype: 'truetype' }
  return rows.map((r) => [
    '@font-face {',
    `  font-family: ${cssString(r.fontName)};`,
    `  src: url(${cssString(`${base}${fontFilePath(r)}`)}) format(${cssString(formatName[r.fontFormat] ?? 'truetype')});`,
    `  font-weight: ${Number(r.fontWeight)};`,
    `  font-style: ${oneOf(fontStyles, r.fontStyle, 'normal')};`,
    `  font-display: ${oneOf(fontDisplays, r.fontDisplay, 'swap')};`,
    '}',
  ].join('\n')).join('\n') + (rows.length ? '\n' : '')
}
