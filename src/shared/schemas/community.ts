import { z } from 'zod'
import { plainTextOf } from '../html/rich-text'
import { sanitizeHtml } from '../html/html-sanitizer'
import { communityCommentStates, communityPostStates } from '../states/community-post'
import { notBlank, zIdParam, zText } from '../validation/storable'
import { listOutput, listQuery } from './lists'

// A membership's community (docs/decisions/0083-community.md): the members' posts and comments, the seller's
// settings per membership product and the review queue. Bodies are plain text: `communityText` removes any
// markup (scripts and styles with their content) before a body is stored, and the pages show it as text.

export const communityPostMaxLength = 5000
export const communityCommentMaxLength = 2000

/**
 * A body as stored: plain text without any markup. The allow-list sanitiser (src/shared/html/html-sanitizer.ts)
 * drops scripts, styles and event handlers, then the tags go; repeated until nothing changes, so markup
 * written as entities (`&lt;script&gt;`) cannot come back as a tag either.
 */
export function communityText(input: string): string {
  let text = input.replace(/\r\n?/g, '\n')
  for (let round = 0; round < 5; round++) {
    const next = plainTextOf(sanitizeHtml(text.replace(/\n/g, '<br>')))
    if (next === text) break
    text = next
  }
  return text
}

export const communityPostInput = z.strictObject({
  body: zText().trim().min(1).regex(notBlank).max(communityPostMaxLength),
})
export type CommunityPostInput = z.infer<typeof communityPostInput>

export const communityCommentInput = z.strictObject({
  body: zText().trim().min(1).regex(notBlank).max(communityCommentMaxLength),
})
export type CommunityCommentInput = z.infer<typeof communityCommentInput>

export const communityCommentOutput = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  author_name: z.string(),
  body: z.string(),
  state: z.enum(communityCommentStates),
  /** The signed-in payer wrote it. */
  mine: z.boolean(),
  created_at: z.string(),
})
export type CommunityCommentOutput = z.infer<typeof communityCommentOutput>

export const communityPostOutput = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  author_name: z.string(),
  body: z.string(),
  state: z.enum(communityPostStates),
  pinned: z.boolean(),
  mine: z.boolean(),
  created_at: z.string(),
  /** Members: the published comments (the seller: all), oldest first. */
  comments: z.array(communityCommentOutput),
})
export type CommunityPostOutput = z.infer<typeof communityPostOutput>

/** The seller's view of a post adds who wrote it. */
export const cabinetCommunityPostOutput = communityPostOutput.extend({
  product_name: z.string(),
  author_email: z.string(),
  reviewed_at: z.string().nullable(),
})
export type CabinetCommunityPostOutput = z.infer<typeof cabinetCommunityPostOutput>

/** A community a payer may enter: the membership product, its seller, and whether new posts wait for review. */
export const payerCommunityOutput = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  seller_id: z.number().int(),
  seller_name: z.string(),
  review_posts: z.boolean(),
})
export type PayerCommunityOutput = z.infer<typeof payerCommunityOutput>
export const payerCommunityListOutput = z.object({ list: z.array(payerCommunityOutput) })

export const communityProductParams = z.object({ product_id: zIdParam() })
export const communityPostParams = z.object({ product_id: zIdParam(), post_id: zIdParam() })
export const communityIdParams = z.object({ id: zIdParam() })

export const payerCommunityPostsQuery = listQuery.pick({ page: true, per: true }).strict()
export type PayerCommunityPostsQuery = z.infer<typeof payerCommunityPostsQuery>
export const payerCommunityPostsOutput = listOutput(communityPostOutput).extend({ community: payerCommunityOutput })
export const communityPostAnswer = z.object({ post: communityPostOutput })
export const communityCommentAnswer = z.object({ comment: communityCommentOutput })

// ------------------------------------------------------------------ the seller's cabinet

export const communitySettingsOutput = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  /** Members reach the community (with the seller's community feature on). */
  enabled: z.boolean(),
  /** New posts wait for the seller's review before members see them. */
  review_posts: z.boolean(),
  /** Posts per state. */
  counts: z.record(z.enum(communityPostStates), z.number().int()),
  comment_count: z.number().int(),
})
export type CommunitySettingsOutput = z.infer<typeof communitySettingsOutput>
/** Every membership product of the seller with its community's settings (defaults where none is saved). */
export const communitySettingsListOutput = z.object({ list: z.array(communitySettingsOutput), pending_count: z.number().int() })

export const updateCommunityInput = z.strictObject({
  enabled: z.boolean(),
  review_posts: z.boolean(),
})
export type UpdateCommunityInput = z.infer<typeof updateCommunityInput>
export const communitySettingsAnswer = z.object({ community: communitySettingsOutput })

export const cabinetCommunityPostsQuery = listQuery.pick({ page: true, per: true, counts: true }).extend({
  product_id: zIdParam().optional(),
  state: z.enum(communityPostStates).optional(),
}).strict()
export type CabinetCommunityPostsQuery = z.infer<typeof cabinetCommunityPostsQuery>
export const cabinetCommunityPostsOutput = listOutput(cabinetCommunityPostOutput)

export const communityPostActions = ['approve', 'reject', 'hide', 'show', 'pin', 'unpin'] as const
export type CommunityPostAction = (typeof communityPostActions)[number]
export const moderatePostInput = z.strictObject({ action: z.enum(communityPostActions) })
export const communityCommentActions = ['hide', 'show'] as const
export const moderateCommentInput = z.strictObject({ action: z.enum(communityCommentActions) })
export const cabinetCommunityPostAnswer = z.object({ post: cabinetCommunityPostOutput })
