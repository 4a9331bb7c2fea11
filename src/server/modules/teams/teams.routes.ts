import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  inviteTeamMemberInput, listOfTeamAuditEntries, listOfTeamInvites, listOfTeamMembers, teamAuditLogQuery, teamInviteAnswer, teamMemberAnswer,
  teamMemberListQuery, teamMemberNotificationSettingsOutput, teamMemberParams, updateTeamMemberInput, updateTeamMemberNotificationSettingsInput,
} from '../../../shared/schemas/teams'
import * as teams from './teams.service'

// /api/v1/cabinet/team_members (the seller's team, `team.manage`: the seller only), /api/v1/cabinet/team_audit_log,
// and the invitee's /api/v1/team_member/invites (docs/decisions/0053-team-members.md).

const security = [{ bearer: [] }]
const config = { auth: 'required' as const }

export const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['team members']

  app.post('/cabinet/team_members', {
    config: { ...config, documentErrors: { 409: 'conflict: the address is invited or in the team already, or is the seller\'s own' } },
    schema: {
      tags, security, body: inviteTeamMemberInput, response: { 201: teamMemberAnswer },
      description: 'Invites by email with a level (none, read, write) per area; an area left out is none. Mails the invitation; the team member starts `invited`. Only the seller manages the team.',
    },
  }, async (req, reply) => reply.code(201).send(await teams.inviteTeamMember(req.ctx, req.body)))

  app.get('/cabinet/team_members', {
    config, schema: { tags, security, querystring: teamMemberListQuery, response: { 200: listOfTeamMembers }, description: 'The seller\'s team members and invitations, newest first.' },
  }, async (req) => teams.listTeamMembers(req.ctx, req.query))

  app.get('/cabinet/team_members/:id', {
    config, schema: { tags, security, params: teamMemberParams, response: { 200: teamMemberAnswer }, description: 'One team member.' },
  }, async (req) => teams.getTeamMember(req.ctx, req.params.id))

  app.patch('/cabinet/team_members/:id', {
    config: { ...config, documentErrors: { 409: 'conflict: the team member declined or was removed' } },
    schema: { tags, security, params: teamMemberParams, body: updateTeamMemberInput, response: { 200: teamMemberAnswer }, description: 'Sets the levels per area; they apply from the team member\'s next request.' },
  }, async (req) => teams.updateTeamMember(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/team_members/:id', {
    config: { ...config, documentErrors: { 409: 'conflict: the team member declined or was removed already' } },
    schema: {
      tags, security, params: teamMemberParams, response: { 200: teamMemberAnswer },
      description: 'Removes the team member (or withdraws the invitation) at once: the next call with any of their tokens for this seller answers 404.',
    },
  }, async (req) => teams.removeTeamMember(req.ctx, req.params.id))

  app.get('/cabinet/team_audit_log', {
    config, schema: { tags, security, querystring: teamAuditLogQuery, response: { 200: listOfTeamAuditEntries }, description: 'Every write a team member made for the seller: who, what, on what, when; newest first.' },
  }, async (req) => teams.listAuditLog(req.ctx, req.query))

  const invitee = ['team member area']

  app.get('/team_member/invites', {
    config, schema: {
      tags: invitee, security, response: { 200: listOfTeamInvites },
      description: 'Open invitations to the signed-in user\'s address, and the sellers they work for (active, with the profile to switch to).',
    },
  }, async (req) => teams.listInvites(req.ctx))

  app.post('/team_member/invites/:id/accept', {
    config: { ...config, documentErrors: { 403: 'email_not_confirmed: the address must be confirmed first' } },
    schema: { tags: invitee, security, params: teamMemberParams, response: { 200: teamInviteAnswer }, description: 'Accepts an invitation to the signed-in user\'s address: the user gets a team member profile for the seller.' },
  }, async (req) => teams.acceptInvite(req.ctx, req.params.id))

  app.post('/team_member/invites/:id/decline', {
    config, schema: { tags: invitee, security, params: teamMemberParams, response: { 200: teamInviteAnswer }, description: 'Declines an invitation to the signed-in user\'s address.' },
  }, async (req) => teams.declineInvite(req.ctx, req.params.id))

  app.get('/team_member/notific_settings', {
    config, schema: {
      tags: invitee, security, response: { 200: teamMemberNotificationSettingsOutput },
      description: 'The mails the team member gets for the seller they act for (defaults where nothing is saved); 403 without a team member profile.',
    },
  }, async (req) => teams.getNotificationSettings(req.ctx))

  app.put('/team_member/notific_settings', {
    config, schema: { tags: invitee, security, body: updateTeamMemberNotificationSettingsInput, response: { 200: teamMemberNotificationSettingsOutput } },
  }, async (req) => teams.updateNotificationSettings(req.ctx, req.body))
}
