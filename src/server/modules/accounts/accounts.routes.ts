import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  aboutYouInput, availabilityOutput, changeEmailInput, changePasswordInput, checkEmailInput, checkUsernameInput,
  createProfileInput, deactivateInput, deleteAccountInput, deletionStatusOutput, emailOnlyInput, magicLinkRequestInput,
  magicLinkSignInInput, mailSentOutput, profileOutput, renewTokenInput, resetPasswordInput, sessionOutput, signInInput, signUpInput, signUpOutput,
  switchProfileInput, tokenInput, tokensOutput, updateMeInput, userOutput,
} from '../../../shared/schemas/accounts'
import type { AppDeps } from '../../deps'
import * as accounts from './accounts.service'
import * as adminUsers from './admin-users.service'
import { authRateLimit } from '../../plugins/rate-limits'

/** /api/v1/app: users and sessions (docs/reference/accounts-and-orders.md §7). Routes parse, call one use case, answer. */
export const accountsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['accounts']
  const noContent = { 204: z.null().describe('No content') }
  // Abuse limits for the doors an attacker knocks on (per IP); failed sign-ins are also counted per email.
  const strict = { rateLimit: authRateLimit(deps) }
  // A request that sends a mail answers 204; in mail preview mode (development without a mail server) 200
  // naming the stored mail's page (docs/decisions/0041-first-ten-minutes.md).
  const mailSent = { 200: mailSentOutput, ...noContent }
  const sent = (reply: FastifyReply, preview: string | undefined) => preview ? reply.code(200).send({ preview_url: preview }) : reply.code(204).send(null)

  app.post('/user', { config: strict, schema: { tags, body: signUpInput, response: { 201: signUpOutput } } },
    async (req, reply) => reply.code(201).send(await accounts.signUp(req.ctx, req.body)))

  app.get('/user/me', { config: { auth: 'required' }, schema: { tags, security: [{ bearer: [] }], response: { 200: userOutput } } },
    async (req) => accounts.getMe(req.ctx))

  app.patch('/user/me', { config: { auth: 'required' }, schema: { tags, body: updateMeInput, response: { 200: userOutput } } },
    async (req) => accounts.updateMe(req.ctx, req.body))

  app.patch('/user/about_you', { config: { auth: 'required' }, schema: { tags, body: aboutYouInput, response: { 200: userOutput } } },
    async (req) => accounts.saveAboutYou(req.ctx, req.body))

  app.post('/user/check_email', { config: strict, schema: { tags, body: checkEmailInput, response: { 200: availabilityOutput } } },
    async (req) => accounts.checkEmail(req.ctx, req.body.email))

  app.post('/user/check_username', { config: { ...strict, auth: 'optional' }, schema: { tags, body: checkUsernameInput, response: { 200: availabilityOutput } } },
    async (req) => accounts.checkUsername(req.ctx, req.body.username))

  app.post('/user/send_magic_link', { config: strict, schema: { tags, body: magicLinkRequestInput, response: mailSent } },
    async (req, reply) => sent(reply, await accounts.sendMagicLink(req.ctx, req.body)))

  app.post('/user/confirmation', { config: { ...strict, auth: 'optional' }, schema: { tags, body: tokenInput, response: { 200: userOutput } } },
    async (req) => accounts.confirmEmail(req.ctx, req.body.token))

  app.post('/user/confirmation/resend', { config: strict, schema: { tags, body: emailOnlyInput, response: mailSent } },
    async (req, reply) => sent(reply, await accounts.resendConfirmation(req.ctx, req.body.email)))

  app.post('/user/password/reset', { config: strict, schema: { tags, body: emailOnlyInput, response: mailSent } },
    async (req, reply) => sent(reply, await accounts.requestPasswordReset(req.ctx, req.body.email)))

  app.put('/user/password', { config: strict, schema: { tags, body: resetPasswordInput, response: noContent } },
    async (req, reply) => {
      await accounts.resetPassword(req.ctx, req.body)
      return reply.code(204).send(null)
    })

  app.post('/user/password/change', { config: { auth: 'required' }, schema: { tags, body: changePasswordInput, response: noContent } },
    async (req, reply) => {
      await accounts.changePassword(req.ctx, req.body)
      return reply.code(204).send(null)
    })

  app.post('/user/change_email', { config: { auth: 'required' }, schema: { tags, body: changeEmailInput, response: noContent } },
    async (req, reply) => {
      await accounts.requestEmailChange(req.ctx, req.body)
      return reply.code(204).send(null)
    })

  app.post('/user/accept_change_email', { config: { ...strict, auth: 'optional' }, schema: { tags, body: tokenInput, response: { 200: userOutput } } },
    async (req) => accounts.acceptEmailChange(req.ctx, req.body.token))

  app.post('/user/profiles', { config: { auth: 'required' }, schema: { tags, body: createProfileInput, response: { 201: profileOutput } } },
    async (req, reply) => reply.code(201).send(await accounts.createProfile(req.ctx, req.body)))

  app.get('/user/deletion', { config: { auth: 'required' }, schema: { tags, response: { 200: deletionStatusOutput } } },
    async (req) => accounts.deletionStatus(req.ctx))

  app.post('/user/deactivate', { config: { auth: 'required' }, schema: { tags, body: deactivateInput, response: noContent } },
    async (req, reply) => {
      await accounts.deactivate(req.ctx, req.body)
      return reply.code(204).send(null)
    })

  app.post('/user/delete', { config: { auth: 'required' }, schema: { tags, body: deleteAccountInput, response: noContent } },
    async (req, reply) => {
      await accounts.deleteAccount(req.ctx, req.body)
      return reply.code(204).send(null)
    })

  app.post('/session', { config: { ...strict, documentErrors: { 401: 'The email or the password is wrong' } }, schema: { tags, body: signInInput, response: { 200: sessionOutput } } },
    async (req) => accounts.signIn(req.ctx, req.body))

  app.post('/session/magic_link', { config: { ...strict, documentErrors: { 401: 'The sign-in link is not valid, expired or used' } }, schema: { tags, body: magicLinkSignInInput, response: { 200: sessionOutput } } },
    async (req) => accounts.signInWithMagicLink(req.ctx, req.body))

  app.post('/session/renew_token', { config: { documentErrors: { 401: 'The refresh token is not valid, expired or used' } }, schema: { tags, body: renewTokenInput, response: { 200: tokensOutput } } },
    async (req) => accounts.renewToken(req.ctx, req.body))

  app.put('/session/profile', { config: { auth: 'required' }, schema: { tags, body: switchProfileInput, response: { 200: tokensOutput.pick({ access_token: true, expires_at: true }).extend({ user: userOutput }) } } },
    async (req) => accounts.switchProfile(req.ctx, req.body.profile_id))

  app.delete('/session', { config: { auth: 'required' }, schema: { tags, response: noContent } },
    async (req, reply) => {
      await accounts.signOut(req.ctx)
      // A manager's admin mode ends with their session (docs/decisions/0056-managers-admin-mode.md).
      void reply.clearCookie(accounts.adminModeCookie, { path: '/' })
      return reply.code(204).send(null)
    })

  app.delete('/admin_mode', {
    config: { auth: 'required' },
    schema: { tags, security: [{ bearer: [] }], response: noContent, description: 'Ends the manager\'s admin mode and clears the `admin_access_token` cookie (docs/decisions/0056-managers-admin-mode.md).' },
  }, async (req, reply) => {
    await adminUsers.endAdminMode(req.ctx)
    void reply.clearCookie(accounts.adminModeCookie, { path: '/' })
    return reply.code(204).send(null)
  })
}
