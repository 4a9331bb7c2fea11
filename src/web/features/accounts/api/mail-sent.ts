import type { z } from 'zod'
import type { mailSentOutput } from '../../../../shared/schemas/accounts'
import type { Camelize } from '../../../lib/api-client'

/** A mail request's answer: null (204), or the stored mail's page in mail preview mode (200). */
export type MailSent = Camelize<z.infer<typeof mailSentOutput>> | null
