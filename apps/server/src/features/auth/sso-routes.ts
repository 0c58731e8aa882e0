import cookie from '@fastify/cookie';
import { authUser } from '@rcm/shared/auth';
import { idParams, paramId } from '@rcm/shared/params';
import {
  SSO_COMPLETE_PATH,
  ssoConnection,
  ssoConnectionBody,
  ssoConnectionPatch,
  ssoDiscoverQuery,
  ssoDiscovery,
  ssoStartQuery,
} from '@rcm/shared/sso';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs, requireSession } from './guard.ts';
import type { AuthService } from './service.ts';
import { SSO_FLOW_TTL_MS, SSO_RESULT_TTL_MS, type SsoService } from './sso-service.ts';

/** The browser's secret of a trip to the provider, sent back with the callback only. */
const FLOW_COOKIE = 'rcm_sso_flow';
const FLOW_PATH = '/api/auth/sso/callback';
/** The single-use outcome of the callback, sent with the console's completion only. */
const RESULT_COOKIE = 'rcm_sso_result';
const RESULT_PATH = '/api/auth/sso/complete';

/** The provider's answer (RFC 6749 §4.1.2, RFC 9207 `iss`); anything else it adds is passed on to the check. */
const answer = z.string().max(8000).optional();
const callbackQuery = z.looseObject({
  code: answer,
  state: answer,
  iss: answer,
  error: answer,
  error_description: answer,
  session_state: answer,
});

const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/**
 * Single sign-on: the organization's connections (its administrators, a person only), and the public
 * sign-in flow (discover, start, the provider's callback, the console's completion).
 */
export function ssoRoutes(deps: {
  sso: SsoService;
  auth: AuthService;
  rateLimit: { max: number; timeWindow: string };
  /** The console is served over https: the cookies are `Secure`. */
  secure: () => boolean;
}): FastifyPluginAsyncZod {
  const { sso, auth, rateLimit } = deps;
  const manage = { personOnly: true as const, ...needs('sso.manage') };
  const cookieOptions = (path: string, maxAgeMs: number, sameSite: 'lax' | 'strict') => ({
    path,
    httpOnly: true,
    sameSite,
    secure: deps.secure(),
    maxAge: Math.floor(maxAgeMs / 1000),
  });
  const redirect = (reply: FastifyReply, location: string) =>
    reply.header('Cache-Control', 'no-store').redirect(location, 302);

  return async (app) => {
    await app.register(cookie);

    app.get(
      '/organizations/:id/sso-connections',
      { config: manage, schema: { params: idParams, response: { 200: z.object({ data: z.array(ssoConnection) }) } } },
      async (request) => ({ data: await sso.list(requireSession(request), request.params.id) }),
    );

    app.post(
      '/organizations/:id/sso-connections',
      {
        config: manage,
        schema: { params: idParams, body: ssoConnectionBody, response: { 201: z.object({ data: ssoConnection }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await sso.create(requireSession(request), request.params.id, request.body) }),
    );

    app.patch(
      '/sso-connections/:id',
      {
        config: manage,
        schema: { params: idParams, body: ssoConnectionPatch, response: { 200: z.object({ data: ssoConnection }) } },
      },
      async (request) => ({ data: await sso.update(requireSession(request), request.params.id, request.body) }),
    );

    app.delete('/sso-connections/:id', { config: manage, schema: { params: idParams } }, async (request, reply) => {
      await sso.remove(requireSession(request), request.params.id);
      return reply.status(204).send();
    });

    app.get(
      '/auth/sso/discover',
      {
        config: { public: true, rateLimit },
        schema: { querystring: ssoDiscoverQuery, response: { 200: z.object({ data: ssoDiscovery }) } },
      },
      async (request) => ({ data: await sso.discover(request.query.email) }),
    );

    app.get(
      '/auth/sso/:connection_id/start',
      {
        config: { public: true, rateLimit },
        schema: { params: z.object({ connection_id: paramId }), querystring: ssoStartQuery },
      },
      async (request, reply) => {
        const started = await sso.start(request.params.connection_id, request.query.return_to);
        if ('error' in started) return redirect(reply, `${SSO_COMPLETE_PATH}?error=${started.error}`);
        reply.setCookie(FLOW_COOKIE, started.browser, cookieOptions(FLOW_PATH, SSO_FLOW_TTL_MS, 'lax'));
        return redirect(reply, started.url);
      },
    );

    // The provider sends the browser here (a top-level navigation from its site: the trip's cookie is
    // SameSite=Lax so that it comes along). Whatever the outcome, the browser goes on to the console.
    app.get(
      '/auth/sso/callback',
      { config: { public: true, rateLimit }, schema: { querystring: callbackQuery } },
      async (request, reply) => {
        const { location, result } = await sso.callback(request.query, request.cookies[FLOW_COOKIE]);
        reply.clearCookie(FLOW_COOKIE, { path: FLOW_PATH });
        if (result) reply.setCookie(RESULT_COOKIE, result, cookieOptions(RESULT_PATH, SSO_RESULT_TTL_MS, 'strict'));
        return redirect(reply, location);
      },
    );

    app.post(
      '/auth/sso/complete',
      { config: { public: true, rateLimit }, schema: { response: { 200: z.object({ data: authUser }) } } },
      async (request, reply) => {
        const secret = request.cookies[RESULT_COOKIE];
        reply.clearCookie(RESULT_COOKIE, { path: RESULT_PATH });
        const { token, context } = await sso.complete(secret, clientOf(request));
        reply.header('Authorization', `Bearer ${token}`);
        return { data: auth.present(context) };
      },
    );
  };
}
