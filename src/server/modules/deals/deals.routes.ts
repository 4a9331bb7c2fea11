import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  createDealInput, dealAnswer, listOfDealOffers, dealListQuery, dealParams, dealTokenParams, inviteSalesTeamMemberInput, listOfDeals, listOfSalesTeamMembers, publicDealAnswer,
  salesTeamMemberAnswer, salesTeamMemberListQuery, salesTeamMemberParams, updateDealInput, updateSalesTeamMemberInput,
} from '../../../shared/schemas/deals'
import * as salesTeam from '../teams/sales-team.service'
import * as deals from './deals.service'
import { requestedLocale } from '../../plugins/locale'

// The sales team (/api/v1/cabinet/sales_team_members, the seller only), deals (/api/v1/cabinet/deals: the
// seller, a team member with the orders area, a sales team member for their own) and the payer's link
// (/api/v1/shop/deals/{token}) (docs/decisions/0054-sales-team-and-deals.md).

const security = [{ bearer: [] }]
const config = { auth: 'required' as const }
const featureOff = { 403: 'feature_disabled: the sales_team feature is off for this seller' }

export const dealsRoutes: FastifyPluginAsyncZod = async (app) => {
  const team = ['sales team']

  app.post('/cabinet/sales_team_members', {
    config: { ...config, documentErrors: { 409: 'conflict: the address is invited or in the team already, or is the seller\'s own' } },
    schema: {
      tags: team, security, body: inviteSalesTeamMemberInput, response: { 201: salesTeamMemberAnswer },
      description: 'Invites a sales team member by email with a fee in whole percent of the net of each deal they close (kept as basis points). Mails the invitation; it is accepted at /team_member/invites.',
    },
  }, async (req, reply) => reply.code(201).send(await salesTeam.inviteSalesTeamMember(req.ctx, req.body)))

  app.get('/cabinet/sales_team_members', {
    config, schema: { tags: team, security, querystring: salesTeamMemberListQuery, response: { 200: listOfSalesTeamMembers }, description: 'The seller\'s sales team members and invitations, newest first.' },
  }, async (req) => salesTeam.listSalesTeamMembers(req.ctx, req.query))

  app.get('/cabinet/sales_team_members/:id', {
    config, schema: { tags: team, security, params: salesTeamMemberParams, response: { 200: salesTeamMemberAnswer }, description: 'One sales team member.' },
  }, async (req) => salesTeam.getSalesTeamMember(req.ctx, req.params.id))

  app.patch('/cabinet/sales_team_members/:id', {
    config: { ...config, documentErrors: { 409: 'conflict: the sales team member declined or was removed' } },
    schema: { tags: team, security, params: salesTeamMemberParams, body: updateSalesTeamMemberInput, response: { 200: salesTeamMemberAnswer }, description: 'Sets the fee; orders bought before keep theirs.' },
  }, async (req) => salesTeam.updateSalesTeamMember(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/sales_team_members/:id', {
    config: { ...config, documentErrors: { 409: 'conflict: declined or removed already' } },
    schema: { tags: team, security, params: salesTeamMemberParams, response: { 200: salesTeamMemberAnswer }, description: 'Removes the sales team member at once; their deals stay the seller\'s and earn no more fees.' },
  }, async (req) => salesTeam.removeSalesTeamMember(req.ctx, req.params.id))

  const tags = ['deals']

  app.post('/cabinet/deals', {
    config: { ...config, documentErrors: featureOff },
    schema: {
      tags, security, body: createDealInput, response: { 201: dealAnswer },
      description: 'Prepares a deal (state draft): an individual offer of a product\'s pricing plan for one named payer, with its own price (one-time) or first and next rates, and an expiry. A sales team member\'s deals are their own; the seller may name a sales team member.',
    },
  }, async (req, reply) => reply.code(201).send(await deals.createDeal(req.ctx, req.body)))

  app.get('/cabinet/deals', {
    config: { ...config, documentErrors: featureOff },
    schema: {
      tags, security, querystring: dealListQuery, response: { 200: listOfDeals },
      description: 'The seller\'s deals, newest first; filters state (one or several: closed, draft, finalized, cancelled, refunded, unsubscribed, ready), sales_team_member_id, product_id. A sales team member sees their own.',
    },
  }, async (req) => deals.listDeals(req.ctx, req.query))

  app.get('/cabinet/deal_offers', {
    config: { ...config, documentErrors: featureOff },
    schema: { tags, security, response: { 200: listOfDealOffers }, description: 'What a deal can offer: the seller\'s published products with their active pricing plans and list amounts.' },
  }, async (req) => deals.listDealOffers(req.ctx))

  app.get('/cabinet/deals/:id', {
    config: { ...config, documentErrors: featureOff }, schema: { tags, security, params: dealParams, response: { 200: dealAnswer }, description: 'One deal, with its link once sent.' },
  }, async (req) => deals.getDeal(req.ctx, req.params.id))

  app.patch('/cabinet/deals/:id', {
    config: { ...config, documentErrors: { ...featureOff, 409: 'conflict: the deal is no longer a draft or sent' } },
    schema: { tags, security, params: dealParams, body: updateDealInput, response: { 200: dealAnswer }, description: 'Changes a draft or sent deal; a sent one keeps its link.' },
  }, async (req) => deals.updateDeal(req.ctx, req.params.id, req.body))

  app.post('/cabinet/deals/:id/send', {
    config: { ...config, documentErrors: { ...featureOff, 409: 'conflict: the deal expired, was used or cancelled' } },
    schema: { tags, security, params: dealParams, response: { 200: dealAnswer }, description: 'Mails the deal\'s link to its payer (draft -> ready); sending again mails the same link.' },
  }, async (req) => deals.sendDeal(req.ctx, req.params.id))

  app.post('/cabinet/deals/:id/cancel', {
    config: { ...config, documentErrors: { ...featureOff, 409: 'conflict: the deal was bought or cancelled already' } },
    schema: { tags, security, params: dealParams, response: { 200: dealAnswer }, description: 'Withdraws the deal: its link opens nothing any more.' },
  }, async (req) => deals.cancelDeal(req.ctx, req.params.id))

  app.get('/shop/deals/:token', {
    config: { documentErrors: { 403: 'link_expired: the offer has expired', 409: 'already_used: the offer was used' } },
    schema: {
      tags: ['shop checkout'], params: dealTokenParams, response: { 200: publicDealAnswer },
      description: 'The offer behind a deal\'s link, for its payer: the product, the plan, the individual amounts and the checkout link (the product page with `deal_token`). Works once and until it expires.',
    },
  }, async (req) => deals.publicDeal(req.ctx, req.params.token, requestedLocale(req.headers)))
}
