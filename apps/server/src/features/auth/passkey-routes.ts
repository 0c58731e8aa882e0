import { authUser } from '@rcm/shared/auth';
import {
  enrollmentDone,
  enrollmentOptionsBody,
  enrollmentPasskeyBody,
  passkeyBody,
  passkeyOptionsBody,
  passkeyRegisterBody,
  totpVerified,
  webauthnOptions,
} from '@rcm/shared/mfa';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from './guard.ts';
import type { Mfa } from './mfa-service.ts';
import type { Passkeys } from './passkeys.ts';
import type { Reauth } from './reauth.ts';
import type { AuthService } from './service.ts';

const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
const options = z.object({ data: webauthnOptions });

/**
 * Passkeys: registration on the own account or at sign-in (enrollment where the policy requires a
 * factor), the options of an assertion (passwordless sign-in, the second step, a re-authentication)
 * and the passwordless sign-in itself.
 */
export function passkeyRoutes(deps: {
  auth: AuthService;
  mfa: Mfa;
  passkeys: Passkeys;
  reauth: Reauth;
  rateLimit: { max: number; timeWindow: string };
}): FastifyPluginAsyncZod {
  const { auth, mfa, passkeys, reauth, rateLimit } = deps;
  return async (app) => {
    app.post('/account/mfa/webauthn/options', { schema: { response: { 200: options } } }, async (request) => ({
      data: await passkeys.registrationOptions(requireSession(request)),
    }));

    app.post(
      '/account/mfa/webauthn',
      { schema: { body: passkeyRegisterBody, response: { 201: z.object({ data: totpVerified }) } } },
      async (request, reply) => {
        const ctx = requireSession(request);
        const data = await passkeys.register(ctx, request.body, (tx) =>
          reauth.consume(ctx, request.body.reauth_token, tx),
        );
        return reply.status(201).send({ data });
      },
    );

    app.post(
      '/auth/login/enroll/webauthn/options',
      {
        schema: { body: enrollmentOptionsBody, response: { 200: options } },
        config: { public: true, rateLimit },
      },
      async (request) => ({ data: await passkeys.enrollmentOptions(request.body.enrollment_token) }),
    );

    app.post(
      '/auth/login/enroll/webauthn',
      {
        schema: { body: enrollmentPasskeyBody, response: { 200: enrollmentDone } },
        config: { public: true, rateLimit },
      },
      async (request, reply) => {
        const { enrollment_token, response, label } = request.body;
        const { token, context, recoveryCodes } = await auth.signInEnrolled(
          enrollment_token,
          (user, tx, actor) => passkeys.registerFor(user, { response, label }, tx, actor),
          clientOf(request),
        );
        reply.header('Authorization', `Bearer ${token}`);
        return { data: auth.present(context), recovery_codes: recoveryCodes };
      },
    );

    app.post('/auth/reauth/passkey/options', { schema: { response: { 200: options } } }, async (request) => ({
      data: await passkeys.authenticationOptions(requireSession(request).user),
    }));

    app.post(
      '/auth/passkey/options',
      { schema: { body: passkeyOptionsBody, response: { 200: options } }, config: { public: true, rateLimit } },
      async (request) => {
        const token = request.body.mfa_token;
        const person = token ? await mfa.personOf(token) : null;
        return { data: await passkeys.authenticationOptions(person) };
      },
    );

    app.post(
      '/auth/passkey',
      {
        schema: { body: passkeyBody, response: { 200: z.object({ data: authUser }) } },
        config: { public: true, rateLimit },
      },
      async (request, reply) => {
        const { token, context } = await auth.signInWithPasskey(
          () => passkeys.passwordless(request.body.response),
          clientOf(request),
        );
        reply.header('Authorization', `Bearer ${token}`);
        return { data: auth.present(context) };
      },
    );
  };
}
