import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  adminAuditLogOutput, adminAuditLogQuery, adminModeOutput, adminUserDetailOutput, adminUserListOutput, adminUserListQuery, adminUserParams,
} from '../../../shared/schemas/admin-users'
import * as adminUsers from './admin-users.service'
import { adminModeCookie } from './accounts.service'

/**
 * /api/v1/admin: the managers' users, admin mode and its audit log
 * (docs/decisions/0056-managers-admin-mode.md). Routes parse, call one use case, answer.
 */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ secureCookies: boolean }> = async (app, { secureCookies }) => {
  const config = { auth: 'required' as const }
  const security = [{ bearer: [] }]
  const tags = ['admin']
  const actions = [
    ['block', adminUsers.blockUser, 'Blocks the account: no sign-in; its sessions and any admin mode acting as it end at once.'],
    ['unblock', adminUsers.unblockUser, 'Lifts a block.'],
    ['deactivate', adminUsers.deactivateUser, 'Active -> Deactivated (deletion state inactive_plan); the data is kept and every session ends.'],
    ['reactivate', adminUsers.reactivateUser, 'Deactivated -> Active (deletion state empty); cancels a started deletion.'],
    ['start_deletion', adminUsers.startDeletion, 'Deactivates the account and sets the deletion state deletion_requested; 409 for the last manager.'],
    ['complete_deletion', adminUsers.completeDeletion, 'deletion_requested -> data_scrambled, account Deleted: personal data scrambled, identity and bank data removed. 409 `deletion_not_possible` while blockers remain (balance, payout on its way).'],
  ] as const

  app.get('/admin/users', {
    config,
    schema: {
      tags, security, querystring: adminUserListQuery, response: { 200: adminUserListOutput },
      description: 'Every user. `query` matches first and last name, email, username or the seller\'s username; filters profile_type, account_state (active, deactivated, deleted), deletion_state, deactivated_from_time/deactivated_till_time, power_seller, blocked.',
    },
  }, async (req) => adminUsers.listUsers(req.ctx, req.query))

  app.get('/admin/users/:id', {
    config, schema: { tags, security, params: adminUserParams, response: { 200: adminUserDetailOutput }, description: 'One user: profiles, states, deletion blockers, last sign-in, the latest sessions and the actions allowed now.' },
  }, async (req) => adminUsers.getUser(req.ctx, req.params.id))

  for (const [name, useCase, description] of actions) {
    app.post(`/admin/users/:id/${name}`, {
      config, schema: { tags, security, params: adminUserParams, response: { 200: adminUserDetailOutput }, description: `${description} 409 \`conflict\` when the states do not allow it; 403 on the manager's own account.` },
    }, async (req) => useCase(req.ctx, req.params.id))
  }

  app.post('/admin/users/:id/admin_mode', {
    config,
    schema: {
      tags, security, params: adminUserParams, response: { 200: adminModeOutput },
      description: 'Starts admin mode: sets the `admin_access_token` cookie (HttpOnly, ADMIN_MODE_TTL_SECONDS). Requests that carry it together with this manager\'s own access token are the user\'s, each mutating one audited; it ends with DELETE /api/v1/app/admin_mode, the manager\'s sign-out, or expiry (then 401 `admin_mode_ended`). 403 for a manager\'s account.',
    },
  }, async (req, reply) => {
    const started = await adminUsers.startAdminMode(req.ctx, req.params.id)
    void reply.setCookie(adminModeCookie, started.token, { path: '/', httpOnly: true, sameSite: 'strict', secure: secureCookies, maxAge: started.maxAgeSeconds })
    return started.output
  })

  app.get('/admin/admin_audit_log', {
    config, schema: { tags, security, querystring: adminAuditLogQuery, response: { 200: adminAuditLogOutput }, description: 'Every mutating request made in admin mode: manager, user, method, route, target, status, time; newest first.' },
  }, async (req) => adminUsers.listAuditLog(req.ctx, req.query))
}
