import { accountUpdateBody, authUser, impersonateBody, loginBody } from '@rcm/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from './guard.ts';
import { type AuthService, toAuthUser } from './service.ts';

const userResponse = { 200: z.object({ data: authUser }) };
const okResponse = { 200: z.object({ data: z.object({ ok: z.literal(true) }) }) };

export function authRoutes(deps: { auth: AuthService; loginRateLimit: number }): FastifyPluginAsyncZod {
  const { auth } = deps;
  return async (app) => {
    app.post(
      '/auth/login',
      {
        schema: { body: loginBody, response: userResponse },
        config: { rateLimit: { max: deps.loginRateLimit, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const { token, context } = await auth.login(request.body);
        reply.header('Authorization', `Bearer ${token}`);
        return { data: toAuthUser(context) };
      },
    );

    app.get('/auth/user', { schema: { response: userResponse } }, async (request) => {
      return { data: toAuthUser(requireAuth(request)) };
    });

    app.get('/auth/refresh', { schema: { response: userResponse } }, async (request, reply) => {
      const ctx = requireAuth(request);
      const token = await auth.refresh(ctx);
      reply.header('Authorization', `Bearer ${token}`);
      return { data: toAuthUser(ctx) };
    });

    app.post('/auth/logout', { schema: { response: okResponse } }, async (request) => {
      await auth.logout(requireAuth(request));
      return { data: { ok: true as const } };
    });

    app.post(
      '/auth/impersonate',
      { schema: { body: impersonateBody, response: userResponse } },
      async (request, reply) => {
        const { token, context } = await auth.impersonate(requireAuth(request), request.body.user_id);
        reply.header('Authorization', `Bearer ${token}`);
        return { data: toAuthUser(context) };
      },
    );

    app.post('/auth/unimpersonate', { schema: { response: okResponse } }, async (request) => {
      await auth.unimpersonate(requireAuth(request));
      return { data: { ok: true as const } };
    });

    app.patch('/account', { schema: { body: accountUpdateBody, response: userResponse } }, async (request) => {
      const ctx = await auth.updateAccount(requireAuth(request), request.body);
      return { data: toAuthUser(ctx) };
    });
  };
}
