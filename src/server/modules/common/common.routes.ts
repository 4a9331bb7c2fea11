import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { cookieConsentCategoriesOutput } from '../../../shared/schemas/common'
import { cookieConsentCategories } from '../../../shared/cookie-consent'

/** /api/v1/common: public reads. */
export const commonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cookies_consent_categories', { schema: { tags: ['common'], response: { 200: cookieConsentCategoriesOutput } } },
    async () => ({ list: [...cookieConsentCategories] }))
}
