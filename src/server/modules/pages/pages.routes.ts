import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  createPageInput, pageDetailOutput, pageListOutput, pageListQuery, pageOutput, pageParams, pageVersionParams, saveDraftInput,
} from '../../../shared/schemas/pages'
import { contactRequestListOutput, contactRequestListQuery } from '../../../shared/schemas/contact-requests'
import * as contactRequests from './contact-requests.service'
import * as pages from './pages.service'

// /api/v1/cabinet/pages: the seller's built pages, their drafts, versions and the active page per type.

export const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { auth: 'required' as const }
  const security = [{ bearer: [] }]
  const tags = ['pages']

  app.get('/cabinet/pages', {
    config, schema: { tags, security, querystring: pageListQuery, response: { 200: pageListOutput }, description: 'The seller\'s pages (not archived), newest first; filters page_type, product_id, query (name).' },
  }, async (req) => pages.listPages(req.ctx, req.query))

  app.post('/cabinet/pages', {
    config, schema: { tags, security, body: createPageInput, response: { 201: pageDetailOutput }, description: 'A new page of a type with its empty document; product and thank_you_page pages name one of the seller\'s products (404 otherwise).' },
  }, async (req, reply) => reply.code(201).send(await pages.createPage(req.ctx, req.body)))

  app.get('/cabinet/contact_requests', {
    config, schema: { tags, security, querystring: contactRequestListQuery, response: { 200: contactRequestListOutput }, description: 'What payers sent through the contact forms of the seller\'s built pages, newest first; query searches the values.' },
  }, async (req) => contactRequests.listContactRequests(req.ctx, req.query))

  app.get('/cabinet/pages/:id', {
    config, schema: { tags, security, params: pageParams, response: { 200: pageDetailOutput }, description: 'The page with its draft and its published versions, newest first.' },
  }, async (req) => pages.getPage(req.ctx, req.params.id))

  app.put('/cabinet/pages/:id/draft', {
    config: {
      ...config,
      documentErrors: {
        409: 'conflict: page_type is not the page\'s, or revision is older than the saved draft',
        422: 'validation_failed: document.translations names a block or text the document does not have, or a text breaks its base field\'s rules',
      },
    },
    schema: { tags, security, params: pageParams, body: saveDraftInput, response: { 200: pageDetailOutput }, description: 'Replaces the draft with the whole document, checked against the page type\'s blocks and their settings.' },
  }, async (req) => pages.saveDraft(req.ctx, req.params.id, req.body))

  app.post('/cabinet/pages/:id/publish', {
    config: { ...config, documentErrors: { 409: 'conflict: the draft no longer fits its page type' } },
    schema: { tags, security, params: pageParams, response: { 200: pageDetailOutput }, description: 'Publishes the draft as the next version; an active page shows it at once.' },
  }, async (req) => pages.publishPage(req.ctx, req.params.id))

  app.post('/cabinet/pages/:id/versions/:number/restore', {
    config, schema: { tags, security, params: pageVersionParams, response: { 200: pageDetailOutput }, description: 'Rolls back: publishes that version again as a new version and makes it the draft.' },
  }, async (req) => pages.restoreVersion(req.ctx, req.params.id, req.params.number))

  app.post('/cabinet/pages/:id/activate', {
    config: { ...config, documentErrors: { 409: 'conflict: the page was never published' } },
    schema: { tags, security, params: pageParams, response: { 200: pageDetailOutput }, description: 'Makes this the page the storefront shows for its type (and product); the one before stops being used.' },
  }, async (req) => pages.activatePage(req.ctx, req.params.id))

  app.post('/cabinet/pages/:id/deactivate', {
    config, schema: { tags, security, params: pageParams, response: { 200: pageDetailOutput }, description: 'Stops using the page: the storefront shows the default layout for its type (and product) again. Its versions are kept.' },
  }, async (req) => pages.deactivatePage(req.ctx, req.params.id))

  app.delete('/cabinet/pages/:id', {
    config, schema: { tags, security, params: pageParams, response: { 200: pageOutput }, description: 'Archives the page; its versions are kept and the storefront falls back to the default layout.' },
  }, async (req) => pages.archivePage(req.ctx, req.params.id))
}
