import { AppError, type FieldError } from '../../../shared/errors'
import type { ContactField } from '../../../shared/pages/page-blocks'
import { localizedBlock } from '../../../shared/pages/page-translations'
import type { ContactRequestListQuery, ContactRequestListOutput } from '../../../shared/schemas/contact-requests'
import { isEmail } from '../../../shared/validation/email'
import { isStorableText } from '../../../shared/validation/storable'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import * as shop from '../catalog/shop.service'
import * as email from '../email/email.service'
import * as repo from './contact-requests.repository'

// A built page's contact form (docs/decisions/0065-serving-built-pages.md): what a payer sends is checked
// against the form's fields as published (required, lengths, email), stored for the seller and mailed to
// them (a job, in the same transaction). A filled honeypot field is a bot: answered as sent, nothing kept.

const fieldLabels: Record<string, string> = {
  first_name: 'First name', last_name: 'Last name', email: 'Email', birthday: 'Date of birth', street: 'Street', zip: 'Postcode',
  country_code: 'Country', phone: 'Phone', custom: 'Message',
}

export type ContactPost = { pageId: number; blockId: string; values: Record<string, string>; honeypot: string }

const maxLength = (field: ContactField) => (field.type === 'textarea' ? 5000 : 300)

/** Stores and mails a submission; throws validation_failed with the fields' paths (`fields.<id>`). */
export async function submitContactForm(ctx: Ctx, username: string, post: ContactPost): Promise<{ successText: string; stored: boolean }> {
  const seller = await shop.openShopSeller(ctx, username)
  const page = seller ? await repo.publishedPage(ctx.db, seller.id, post.pageId) : undefined
  const blocks = Array.isArray(page?.document.blocks) ? page.document.blocks : []
  const block = blocks.find((b) => b.kind === 'contact_form' && b.id === post.blockId) as Extract<(typeof blocks)[number], { kind: 'contact_form' }> | undefined
  if (!seller || !page || !block) throw new AppError('not_found', 'This form does not exist')
  // The payer reads the thanks in the page's language; the seller's record keeps the base labels.
  const successText = localizedBlock(block, page.document.translations, ctx.locale).settings.success_text
  if (post.honeypot.trim() !== '') return { successText, stored: false }
  const problems: FieldError[] = []
  const fields = block.settings.fields.map((field) => {
    const value = (post.values[field.id] ?? '').trim()
    const path = `fields.${field.id}`
    if (field.required && value === '') problems.push({ path, message: 'required' })
    else if (value.length > maxLength(field)) problems.push({ path, message: 'too_long' })
    else if (!isStorableText(value)) problems.push({ path, message: 'invalid_value' })
    else if (field.kind === 'email' && value !== '' && !isEmail(value)) problems.push({ path, message: 'invalid_email' })
    return { id: field.id, kind: field.kind, label: field.label ?? fieldLabels[field.kind] ?? field.kind, value }
  })
  if (problems.length > 0) throw new AppError('validation_failed', 'Please check the highlighted fields.', problems)
  if (fields.every((f) => f.value === '')) throw new AppError('validation_failed', 'Please fill in the form.', [])
  await ctx.db.transaction(async (tx) => {
    await repo.insert(tx, { sellerId: seller.id, pageId: page.id, blockId: block.id, fields, createdAt: ctx.now })
    const account = await repo.sellerAccount(tx, seller.id)
    if (!account) return
    await email.queueEmail(ctx.deps, tx, {
      to: account.email, kind: 'contact_form_submission', locale: account.locale ?? 'en', userId: account.userId, firstName: account.firstName ?? '',
      productName: page.name, notificationText: fields.filter((f) => f.value !== '').map((f) => `${f.label}: ${f.value}`).join('\n'),
      link: `${ctx.deps.config.appUrl}/cabinet/contact_requests`,
    })
  })
  return { successText, stored: true }
}

/** GET /cabinet/contact_requests: the seller's submissions, newest first. */
export async function listContactRequests(ctx: Ctx, query: ContactRequestListQuery): Promise<ContactRequestListOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const { rows, total, totalMax } = await repo.list(ctx.db, sellerId, { query: query.query, sortDir: query.sort_dir ?? 'desc', offset: (query.page - 1) * query.per, limit: query.per })
  return {
    list: rows.map((r) => ({ id: r.id, page_id: r.pageId, fields: r.fields, created_at: r.createdAt.toISOString() })),
    total_count: total, total_count_max: totalMax,
  }
}
