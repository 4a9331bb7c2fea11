import { z } from 'zod'

export const cookieConsentCategory = z.object({ id: z.number(), key: z.string(), name: z.string(), description: z.string(), required: z.boolean() })
export const cookieConsentCategoriesOutput = z.object({ list: z.array(cookieConsentCategory) })
