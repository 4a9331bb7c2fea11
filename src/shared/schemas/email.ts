import { z } from 'zod'
import { zIdParam, zText } from '../validation/storable'
import { listOutput } from './lists'

export const emailTokenParams = z.object({ token: zText().min(10).max(100) }).strict()

export const emailLogOutput = z.object({
  id: z.number(), to: z.string(), subject: z.string(), html: z.string(), text: z.string(), kind: z.string(),
  state: z.string(), created_at: z.string(),
  /** Files the mail carries; each downloadable at `url` (the mail's token is the permission). */
  attachments: z.array(z.object({ id: z.number(), filename: z.string(), content_type: z.string(), size: z.number(), url: z.string() })),
})

export const emailAttachmentParams = z.object({ token: zText().min(10).max(100), id: zIdParam() }).strict()

export const outboxItem = z.object({
  id: z.number(), token: z.string(), to: z.string(), subject: z.string(), kind: z.string(), state: z.string(), created_at: z.string(),
})
export const outboxOutput = listOutput(outboxItem)

export const subscriptionOutput = z.object({ email: z.string(), category: z.string(), unsubscribed: z.boolean() })
