import {
  forgotPasswordBody,
  passwordTokenCheckBody,
  passwordTokenPreview,
  resetPasswordBody,
} from '@rcm/shared/accounts';
import { accountUpdateBody, authUser, impersonateBody } from '@rcm/shared/auth';
import { idParams } from '@rcm/shared/params';
import { accountSession } from '@rcm/shared/sessions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs, requireAuth, requireSession } from './guard.ts';
import type { PasswordLinks } from './password-links.ts';
import type { AuthService } from './service.ts';

const userResponse = { 200: z.object({ data: authUser }) };

/** The address and browser a sign-in came from (request.ip honors only trusted proxies, app.ts). */
const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
const okResponse = { 200: z.object({ data: z.object({ ok: z.literal(true) }) }) };

export function authRoutes(deps: {
  auth: AuthService;
  passwordLinks: PasswordLinks;
  loginRateLimit: number;
  log: { error: (obj: object, msg: string) => void };
}): FastifyPluginAsyncZod {
  const { auth, passwordLinks } = deps;
  const rateLimit = { max: deps.loginRateLimit, timeWindow: '1 minute' };
  return async (app) => {
    // `POST /auth/login` and its second step are in mfa-routes.ts.
    // The answer is sent before the address is looked up: it is the same, and as fast, for every address.
    app.post(
      '/auth/forgot-password',
      {
        schema: { body: forgotPasswordBody, response: { 202: z.object({ data: z.object({ ok: z.literal(true) }) }) } },
        config: { public: true, rateLimit },
      },
      async (request, reply) => {
        setImmediate(() => {
          passwordLinks.forgot(request.body.email).catch((err: unknown) => {
            deps.log.error({ err }, 'forgot-password email could not be queued');
          });
        });
        return reply.status(202).send({ data: { ok: true as const } });
      },
    );

    app.post(
      '/auth/reset-password/check',
      {
        schema: { body: passwordTokenCheckBody, response: { 200: z.object({ data: passwordTokenPreview }) } },
        config: { public: true, rateLimit },
      },
      async (request) => ({ data: await passwordLinks.preview(request.body.token) }),
    );

    app.post(
      '/auth/reset-password',
      { schema: { body: resetPasswordBody, response: okResponse }, config: { public: true, rateLimit } },
      async (request) => {
        await passwordLinks.reset(request.body.token, request.body.password);
        return { data: { ok: true as const } };
      },
    );

    app.get('/auth/user', { schema: { response: userResponse } }, async (request) => {
      return { data: auth.present(requireAuth(request)) };
    });

    app.get('/auth/refresh', { schema: { response: userResponse } }, async (request, reply) => {
      const ctx = requireSession(request);
      const token = await auth.refresh(ctx);
      reply.header('Authorization', `Bearer ${token}`);
      return { data: auth.present(ctx) };
    });

    app.post('/auth/logout', { schema: { response: okResponse } }, async (request) => {
      await auth.logout(requireSession(request));
      return { data: { ok: true as const } };
    });

    app.post(
      '/auth/impersonate',
      { config: needs('user.impersonate'), schema: { body: impersonateBody, response: userResponse } },
      async (request, reply) => {
        const { token, context } = await auth.impersonate(
          requireSession(request),
          request.body.user_id,
          clientOf(request),
          request.body.reason,
        );
        reply.header('Authorization', `Bearer ${token}`);
        return { data: auth.present(context) };
      },
    );

    app.post('/auth/unimpersonate', { schema: { response: okResponse } }, async (request) => {
      await auth.unimpersonate(requireSession(request));
      return { data: { ok: true as const } };
    });

    app.get(
      '/account/sessions',
      { schema: { response: { 200: z.object({ data: z.array(accountSession) }) } } },
      async (request) => ({
        data: await auth.sessions(requireSession(request)),
      }),
    );

    app.delete('/account/sessions/:id', { schema: { params: idParams } }, async (request, reply) => {
      await auth.endSession(requireSession(request), request.params.id);
      return reply.status(204).send();
    });

    app.post('/account/sessions/revoke-others', { schema: { response: okResponse } }, async (request) => {
      await auth.endOtherSessions(requireSession(request));
      return { data: { ok: true as const } };
    });

    app.patch('/account', { schema: { body: accountUpdateBody, response: userResponse } }, async (request) => {
      const ctx = await auth.updateAccount(requireSession(request), request.body);
      return { data: auth.present(ctx) };
    });
  };
}
