import { authUser, loginBody } from '@rcm/shared/auth';
import {
  enrollmentBody,
  enrollmentDone,
  enrollmentVerifyBody,
  loginAnswer,
  loginMfaBody,
  mfaStatus,
  reauthOnlyBody,
  recoveryCodes,
  totpCreateBody,
  totpCreated,
  totpVerified,
  totpVerifyBody,
} from '@rcm/shared/mfa';
import { idParams } from '@rcm/shared/params';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireSession } from './guard.ts';
import type { Mfa } from './mfa-service.ts';
import type { Reauth } from './reauth.ts';
import type { AuthService } from './service.ts';

/** The address and browser a sign-in came from (request.ip honors only trusted proxies, app.ts). */
const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/**
 * Sign-in (the password, then the second step or enrollment where the policy requires a factor) and
 * the own account's second factors (Account → Two-factor authentication).
 */
export function mfaRoutes(deps: {
  auth: AuthService;
  mfa: Mfa;
  reauth: Reauth;
  rateLimit: { max: number; timeWindow: string };
}): FastifyPluginAsyncZod {
  const { auth, mfa, reauth, rateLimit } = deps;
  return async (app) => {
    app.post(
      '/auth/login',
      { schema: { body: loginBody, response: { 200: loginAnswer } }, config: { public: true, rateLimit } },
      async (request, reply) => {
        const result = await auth.signIn(request.body, clientOf(request));
        if (result.step) return { data: result.step };
        reply.header('Authorization', `Bearer ${result.token}`);
        return { data: auth.present(result.context) };
      },
    );

    app.post(
      '/auth/login/mfa',
      {
        schema: { body: loginMfaBody, response: { 200: z.object({ data: authUser }) } },
        config: { public: true, rateLimit },
      },
      async (request, reply) => {
        const { token, context } = await auth.signInWithFactor(request.body, clientOf(request));
        reply.header('Authorization', `Bearer ${token}`);
        return { data: auth.present(context) };
      },
    );

    app.post(
      '/auth/login/enroll/totp',
      {
        schema: { body: enrollmentBody, response: { 200: z.object({ data: totpCreated }) } },
        config: { public: true, rateLimit },
      },
      async (request) => ({ data: await mfa.enrollTotp(request.body.enrollment_token, request.body.label) }),
    );

    app.post(
      '/auth/login/enroll/totp/verify',
      {
        schema: { body: enrollmentVerifyBody, response: { 200: enrollmentDone } },
        config: { public: true, rateLimit },
      },
      async (request, reply) => {
        const { token, context, recoveryCodes } = await auth.signInEnrolled(
          request.body.enrollment_token,
          mfa.totpVerifier(request.body.factor_id, request.body.code),
          clientOf(request),
        );
        reply.header('Authorization', `Bearer ${token}`);
        return { data: auth.present(context), recovery_codes: recoveryCodes };
      },
    );

    app.get('/account/mfa', { schema: { response: { 200: z.object({ data: mfaStatus }) } } }, async (request) => ({
      data: await mfa.status(requireAuth(request)),
    }));

    app.post(
      '/account/mfa/totp',
      { schema: { body: totpCreateBody, response: { 201: z.object({ data: totpCreated }) } } },
      async (request, reply) => {
        const ctx = requireSession(request);
        const data = await mfa.startTotp(ctx, request.body, (tx) => reauth.consume(ctx, request.body.reauth_token, tx));
        return reply.status(201).send({ data });
      },
    );

    app.post(
      '/account/mfa/totp/:id/verify',
      {
        schema: { params: idParams, body: totpVerifyBody, response: { 200: z.object({ data: totpVerified }) } },
        config: { rateLimit },
      },
      async (request) => ({
        data: await mfa.verifyOwnTotp(requireSession(request), request.params.id, request.body.code),
      }),
    );

    app.post(
      '/account/mfa/recovery-codes',
      { schema: { body: reauthOnlyBody, response: { 200: z.object({ data: recoveryCodes }) } } },
      async (request) => {
        const ctx = requireSession(request);
        const codes = await mfa.regenerateCodes(ctx, (tx) => reauth.consume(ctx, request.body.reauth_token, tx));
        return { data: { recovery_codes: codes } };
      },
    );

    app.delete('/account/mfa/:id', { schema: { params: idParams, body: reauthOnlyBody } }, async (request, reply) => {
      const ctx = requireSession(request);
      await mfa.removeOwn(ctx, request.params.id, (tx) => reauth.consume(ctx, request.body.reauth_token, tx));
      return reply.status(204).send();
    });
  };
}
