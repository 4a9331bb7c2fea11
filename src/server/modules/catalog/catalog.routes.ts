import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { zIdParam } from '../../../shared/validation/storable'
import { AppError } from '../../../shared/errors'
import { pricingPlanInput } from '../../../shared/pricing'
import {
  addLicenseKeysInput, addLicenseKeysOutput, addonsInput, categoryInput, categoryOutput, categoryTreeOutput, createProductInput,
  licenseKeyListOutput, licenseKeyListQuery, licenseKeyParams, planParams, planVersionsOutput, productListOutput, productListQuery,
  productOutput, productParams, rejectInput, reorderCategoriesInput, reviewDecisionOutput, reviewListOutput, sellerFlagsOutput,
  sellerParams, shopCategoryInput, shopCategoryListOutput, shopCategoryOutput, shopListOutput, shopParams, shopProductOutput,
  shopProductParams, shopProductQuery, takeDownInput, ticketInput, ticketParams, updateCategoryInput, updateProductInput,
  updateSellerFlagsInput, updateShopCategoryInput, updateTicketInput,
} from '../../../shared/schemas/catalog'
import { adminProductListOutput, adminProductListQuery, adminSellerListOutput, adminSellerListQuery } from '../../../shared/schemas/admin'
import { discountInput, discountOutput } from '../../../shared/schemas/discounts'
import { listQuery } from '../../../shared/schemas/lists'
import * as adminLists from './admin-lists.service'
import * as catalog from './catalog.service'
import * as categories from './categories.service'
import * as discounts from './discounts.service'
import * as licenseKeys from './license-keys.service'
import * as review from './review.service'
import * as shop from './shop.service'
import { requestedLocale } from '../../plugins/locale'
import { publicShopCategoriesOutput } from '../../../shared/schemas/catalog'

// /api/v1: the seller's catalogue (cabinet), the managers' review (admin) and the public shop. Routes
// parse with the shared schemas, call one use case and answer.

const noContent = { 204: z.null().describe('No content') }
const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
export const licenseKeyUploadMaxBytes = 2 * 1024 * 1024

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog']

  // ---------------------------------------------------------------- products
  app.post('/cabinet/products', { config: auth, schema: { tags, security, body: createProductInput, response: { 201: productOutput } } },
    async (req, reply) => reply.code(201).send(await catalog.createProduct(req.ctx, req.body)))

  app.get('/cabinet/products', { config: auth, schema: { tags, security, querystring: productListQuery, response: { 200: productListOutput } } },
    async (req) => catalog.listProducts(req.ctx, req.query))

  app.get('/cabinet/products/export.csv', { config: auth, schema: { tags, security, querystring: productListQuery, produces: ['text/csv'] } },
    async (req, reply) => reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="products.csv"')
      .send(await catalog.exportProductsCsv(req.ctx, req.query)))

  app.get('/cabinet/products/:id', { config: auth, schema: { tags, security, params: productParams, response: { 200: productOutput } } },
    async (req) => catalog.getProduct(req.ctx, req.params.id))

  app.patch('/cabinet/products/:id', { config: auth, schema: { tags, security, params: productParams, body: updateProductInput, response: { 200: productOutput } } },
    async (req) => catalog.updateProduct(req.ctx, req.params.id, req.body))

  app.post('/cabinet/products/:id/publish', { config: auth, schema: { tags, security, params: productParams, response: { 200: productOutput } } },
    async (req) => catalog.publishProduct(req.ctx, req.params.id))

  app.post('/cabinet/products/:id/unpublish', { config: auth, schema: { tags, security, params: productParams, response: { 200: productOutput } } },
    async (req) => catalog.unpublishProduct(req.ctx, req.params.id))

  app.post('/cabinet/products/:id/archive', { config: auth, schema: { tags, security, params: productParams, response: { 200: productOutput } } },
    async (req) => catalog.setArchived(req.ctx, req.params.id, true))

  app.post('/cabinet/products/:id/unarchive', { config: auth, schema: { tags, security, params: productParams, response: { 200: productOutput } } },
    async (req) => catalog.setArchived(req.ctx, req.params.id, false))

  // ---------------------------------------------------------------- plans, tickets, add-ons
  app.post('/cabinet/products/:id/pricing_plans', { config: auth, schema: { tags, security, params: productParams, body: pricingPlanInput, response: { 201: productOutput } } },
    async (req, reply) => reply.code(201).send(await catalog.addPlan(req.ctx, req.params.id, req.body)))

  app.patch('/cabinet/products/:id/pricing_plans/:plan_id', { config: auth, schema: { tags, security, params: planParams, body: pricingPlanInput, response: { 200: productOutput } } },
    async (req) => catalog.updatePlan(req.ctx, req.params.id, req.params.plan_id, req.body))

  app.delete('/cabinet/products/:id/pricing_plans/:plan_id', { config: auth, schema: { tags, security, params: planParams, response: noContent } },
    async (req, reply) => {
      await catalog.removePlan(req.ctx, req.params.id, req.params.plan_id)
      return reply.code(204).send(null)
    })

  app.get('/cabinet/products/:id/pricing_plans/:plan_id/versions', { config: auth, schema: { tags, security, params: planParams, response: { 200: planVersionsOutput } } },
    async (req) => catalog.listPlanVersions(req.ctx, req.params.id, req.params.plan_id))

  app.post('/cabinet/products/:id/tickets', { config: auth, schema: { tags, security, params: productParams, body: ticketInput, response: { 201: productOutput } } },
    async (req, reply) => reply.code(201).send(await catalog.addTicket(req.ctx, req.params.id, req.body)))

  app.patch('/cabinet/products/:id/tickets/:ticket_id', { config: auth, schema: { tags, security, params: ticketParams, body: updateTicketInput, response: { 200: productOutput } } },
    async (req) => catalog.updateTicket(req.ctx, req.params.id, req.params.ticket_id, req.body))

  app.delete('/cabinet/products/:id/tickets/:ticket_id', { config: auth, schema: { tags, security, params: ticketParams, response: noContent } },
    async (req, reply) => {
      await catalog.removeTicket(req.ctx, req.params.id, req.params.ticket_id)
      return reply.code(204).send(null)
    })

  app.post('/cabinet/products/:id/tickets/:ticket_id/pricing_plans', { config: auth, schema: { tags, security, params: ticketParams, body: pricingPlanInput, response: { 201: productOutput } } },
    async (req, reply) => reply.code(201).send(await catalog.addPlan(req.ctx, req.params.id, req.body, req.params.ticket_id)))

  app.put('/cabinet/products/:id/addons', { config: auth, schema: { tags, security, params: productParams, body: addonsInput, response: { 200: productOutput } } },
    async (req) => catalog.replaceAddons(req.ctx, req.params.id, req.body.addons))

  // ---------------------------------------------------------------- the product's discount
  app.get('/cabinet/products/:id/discount', { config: auth, schema: { tags, security, params: productParams, response: { 200: discountOutput } } },
    async (req) => discounts.getDiscount(req.ctx, req.params.id))

  app.put('/cabinet/products/:id/discount', { config: auth, schema: { tags, security, params: productParams, body: discountInput, response: { 200: discountOutput } } },
    async (req) => discounts.setDiscount(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/products/:id/discount', { config: auth, schema: { tags, security, params: productParams, response: noContent } },
    async (req, reply) => {
      await discounts.clearDiscount(req.ctx, req.params.id)
      return reply.code(204).send(null)
    })

  // ---------------------------------------------------------------- license keys
  app.post('/cabinet/products/:id/license_keys', { config: auth, schema: { tags, security, params: productParams, body: addLicenseKeysInput, response: { 201: addLicenseKeysOutput } } },
    async (req, reply) => reply.code(201).send(await licenseKeys.addLicenseKeys(req.ctx, req.params.id, req.body)))

  app.get('/cabinet/products/:id/license_keys', { config: auth, schema: { tags, security, params: productParams, querystring: licenseKeyListQuery, response: { 200: licenseKeyListOutput } } },
    async (req) => licenseKeys.listLicenseKeys(req.ctx, req.params.id, req.query))

  app.delete('/cabinet/products/:id/license_keys/:key_id', { config: auth, schema: { tags, security, params: licenseKeyParams, response: noContent } },
    async (req, reply) => {
      await licenseKeys.deleteLicenseKey(req.ctx, req.params.id, req.params.key_id)
      return reply.code(204).send(null)
    })

  // A CSV file as multipart form data (field `file`); multipart is parsed only in this scope.
  const uploadPlugin: FastifyPluginAsyncZod = async (upload) => {
    await upload.register(multipart, { limits: { fileSize: licenseKeyUploadMaxBytes, files: 1, fields: 5 } })
    upload.post('/cabinet/products/:id/license_keys/upload', {
      config: { ...auth, multipartBody: { file: 'file' } },
      schema: { tags, security, params: productParams, consumes: ['multipart/form-data'], response: { 201: addLicenseKeysOutput } },
    }, async (req, reply) => {
      if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'Send the CSV file as multipart/form-data')
      const file = await req.file()
      if (!file) throw new AppError('validation_failed', 'required', [{ path: 'file', message: 'required' }])
      const buffer = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', 'The file is larger than 2 MB')
        throw error
      })
      return reply.code(201).send(await licenseKeys.uploadLicenseKeys(req.ctx, req.params.id, buffer))
    })
  }
  await app.register(uploadPlugin)

  // ---------------------------------------------------------------- category tree and shop categories
  const idParams = z.strictObject({ id: zIdParam() })

  app.get('/cabinet/categories', { config: auth, schema: { tags, security, response: { 200: categoryTreeOutput } } },
    async (req) => categories.categoryTree(req.ctx))

  app.post('/cabinet/categories', { config: auth, schema: { tags, security, body: categoryInput, response: { 201: categoryOutput } } },
    async (req, reply) => reply.code(201).send(await categories.createCategory(req.ctx, req.body)))

  app.post('/cabinet/categories/reorder', { config: auth, schema: { tags, security, body: reorderCategoriesInput, response: { 200: categoryTreeOutput } } },
    async (req) => categories.reorderCategories(req.ctx, req.body))

  app.patch('/cabinet/categories/:id', { config: auth, schema: { tags, security, params: idParams, body: updateCategoryInput, response: { 200: categoryOutput } } },
    async (req) => categories.updateCategory(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/categories/:id', { config: auth, schema: { tags, security, params: idParams, response: noContent } },
    async (req, reply) => {
      await categories.deleteCategory(req.ctx, req.params.id)
      return reply.code(204).send(null)
    })

  app.get('/cabinet/shop_categories', { config: auth, schema: { tags, security, response: { 200: shopCategoryListOutput } } },
    async (req) => categories.listShopCategories(req.ctx))

  app.post('/cabinet/shop_categories', { config: auth, schema: { tags, security, body: shopCategoryInput, response: { 201: shopCategoryOutput } } },
    async (req, reply) => reply.code(201).send(await categories.createShopCategory(req.ctx, req.body)))

  app.get('/cabinet/shop_categories/:id', { config: auth, schema: { tags, security, params: idParams, response: { 200: shopCategoryOutput } } },
    async (req) => categories.getShopCategory(req.ctx, req.params.id))

  app.patch('/cabinet/shop_categories/:id', { config: auth, schema: { tags, security, params: idParams, body: updateShopCategoryInput, response: { 200: shopCategoryOutput } } },
    async (req) => categories.updateShopCategory(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/shop_categories/:id', { config: auth, schema: { tags, security, params: idParams, response: noContent } },
    async (req, reply) => {
      await categories.deleteShopCategory(req.ctx, req.params.id)
      return reply.code(204).send(null)
    })

  // ---------------------------------------------------------------- managers
  const admin = ['admin']
  app.get('/admin/sellers', { config: auth, schema: { tags: admin, security, querystring: adminSellerListQuery, response: { 200: adminSellerListOutput } } },
    async (req) => adminLists.listSellers(req.ctx, req.query))

  app.get('/admin/products', { config: auth, schema: { tags: admin, security, querystring: adminProductListQuery, response: { 200: adminProductListOutput } } },
    async (req) => adminLists.listProducts(req.ctx, req.query))

  app.get('/admin/product_reviews', { config: auth, schema: { tags: admin, security, querystring: listQuery, response: { 200: reviewListOutput } } },
    async (req) => review.reviewQueue(req.ctx, req.query))

  app.post('/admin/products/:id/approve', { config: auth, schema: { tags: admin, security, params: productParams, response: { 200: reviewDecisionOutput } } },
    async (req) => review.approve(req.ctx, req.params.id))

  app.post('/admin/products/:id/reject', { config: auth, schema: { tags: admin, security, params: productParams, body: rejectInput, response: { 200: reviewDecisionOutput } } },
    async (req) => review.reject(req.ctx, req.params.id, req.body.reason))

  app.post('/admin/products/:id/revoke', { config: auth, schema: { tags: admin, security, params: productParams, response: { 200: reviewDecisionOutput } } },
    async (req) => review.revoke(req.ctx, req.params.id))

  app.post('/admin/products/:id/take_down', { config: auth, schema: { tags: admin, security, params: productParams, body: takeDownInput, response: { 200: reviewDecisionOutput } } },
    async (req) => review.takeDown(req.ctx, req.params.id, req.body.reason))

  app.post('/admin/products/:id/restore', { config: auth, schema: { tags: admin, security, params: productParams, response: { 200: reviewDecisionOutput } } },
    async (req) => review.restore(req.ctx, req.params.id))

  app.patch('/admin/sellers/:id', { config: auth, schema: { tags: admin, security, params: sellerParams, body: updateSellerFlagsInput, response: { 200: sellerFlagsOutput } } },
    async (req) => review.updateSellerFlags(req.ctx, req.params.id, req.body))

  // ---------------------------------------------------------------- public shop
  const shopTags = ['shop']
  // A product's texts in the language the request names (Content-Language, Accept-Language), else its base texts (decision 0095).
  app.get('/shop/:username/products', { schema: { tags: shopTags, params: shopParams, querystring: listQuery, response: { 200: shopListOutput } } },
    async (req) => shop.listShopProducts(req.ctx, req.params.username, req.query, requestedLocale(req.headers)))

  app.get('/shop/:username/products/:slug', { schema: { tags: shopTags, params: shopProductParams, querystring: shopProductQuery, response: { 200: shopProductOutput } } },
    async (req) => shop.getShopProduct(req.ctx, req.params.username, req.params.slug, req.query.password, requestedLocale(req.headers)))

  // the shop's categories in the language the request names (docs/decisions/0095-product-translations.md)
  app.get('/shop/:username/categories', { schema: { tags: shopTags, params: shopParams, response: { 200: publicShopCategoriesOutput } } },
    async (req) => shop.listPublicShopCategories(req.ctx, req.params.username, requestedLocale(req.headers)))
}
