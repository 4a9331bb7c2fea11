import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { productOutput, productParams } from '../../../shared/schemas/catalog'
import * as copies from './product-copies.service'
import * as deletion from './product-deletion.service'

// /api/v1/cabinet/products/:id: deleting and duplicating a product with what other modules attach to it.
// They stay under the catalogue's tag: to the API's users they are product routes like the others.

const noContent = { 204: z.null().describe('No content') }
const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }

export const productContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog']

  app.delete('/cabinet/products/:id', { config: auth, schema: { tags, security, params: productParams, response: noContent } },
    async (req, reply) => {
      await deletion.deleteProduct(req.ctx, req.params.id)
      return reply.code(204).send(null)
    })

  app.post('/cabinet/products/:id/duplicate', { config: auth, schema: { tags, security, params: productParams, response: { 201: productOutput } } },
    async (req, reply) => reply.code(201).send(await copies.duplicateProduct(req.ctx, req.params.id)))
}
