import { isAdministrator } from '@rcm/shared/permissions';
import type { Action } from '@rcm/shared/policies';
import type { FastifyRequest } from 'fastify';
import type { Fragment } from '../../db/statement.ts';
import { AppError } from '../../lib/errors.ts';
import { can } from './can.ts';
import type { SessionContext } from './context.ts';
import type { AuthContext, AuthService } from './service.ts';

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(401, 'unauthenticated');
  return request.auth;
}

/** A person signed in with a session, not an integration token (403 `token_not_allowed`). */
export function requireSession(request: FastifyRequest): SessionContext {
  const ctx = requireAuth(request);
  if (!isSessionContext(ctx)) throw new AppError(403, 'token_not_allowed');
  return ctx;
}

export function isSessionContext(ctx: AuthContext): ctx is SessionContext {
  return ctx.session !== null && ctx.apiToken === null;
}

/** What an integration token may read of identity: who it acts for. */
const TOKEN_IDENTITY_READS = new Set(['/api/auth/user']);

/**
 * 403 `token_not_allowed` when an integration token calls what only a person may: the own account and
 * sign-in (sessions, password, factors, impersonation, re-authentication) and routes marked
 * `personOnly` (managing tokens; a signature answers `token_cannot_sign`). Checked with the session,
 * before validation.
 */
export function checkTokenAllowed(request: FastifyRequest): void {
  if (!request.auth?.apiToken) return;
  const url = request.routeOptions.url ?? '';
  if (TOKEN_IDENTITY_READS.has(url) && request.method === 'GET') return;
  const { personOnly } = request.routeOptions.config;
  if (personOnly === 'signature') throw new AppError(403, 'token_cannot_sign');
  if (personOnly || url.startsWith('/api/auth/') || /^\/api\/account(\/|$)/.test(url)) {
    throw new AppError(403, 'token_not_allowed');
  }
}

/**
 * 403 `impersonation_cannot_sign` when an impersonating administrator calls a route marked
 * `personOnly: 'signature'`: a signature is the signer's own act. Checked with the session, before validation.
 */
export function checkSigner(request: FastifyRequest): void {
  if (request.routeOptions.config.personOnly !== 'signature') return;
  if (request.auth?.session?.impersonatorSessionId) throw new AppError(403, 'impersonation_cannot_sign');
}

/**
 * A route's `config` naming the actions (`@rcm/shared/policies`) of which its caller may take at least
 * one. The app's onRequest hook asks `can` right after the session, so a signed-in caller who may take
 * none of them gets 403 before validation, not a schema's field errors. The service still asks `can`
 * with the subject (its state, its organization) and scopes its reads.
 */
export function needs(...anyOf: Action[]): { actions: readonly Action[] } {
  return { actions: anyOf };
}

/** 403 when the route `needs` actions and the signed-in caller may take none of them. */
export function checkRoutePermission(request: FastifyRequest): void {
  const anyOf = request.routeOptions.config.actions;
  const ctx = request.auth;
  if (anyOf && ctx && !anyOf.some((action) => can(ctx, action))) throw new AppError(403, 'forbidden');
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * For a route with `config: { authInHandler: true }` (the onRequest hook leaves its session alone):
 * resolves the session and runs the read built from the caller's context, in one round trip where it
 * can (AuthService.authenticateWith). 401 as requireAuth when the token is missing or not live. Such a
 * route sets `attachValidation`, so a request that fails its schema is answered here, after the
 * session: 401 without one, the validation error with one.
 */
export async function authenticatedRead(
  request: FastifyRequest,
  auth: AuthService,
  build: (ctx: AuthContext) => Fragment,
): Promise<{ ctx: AuthContext; row: Record<string, unknown> | undefined }> {
  const token = bearerToken(request.headers.authorization);
  if (request.validationError) {
    request.auth = token ? await auth.authenticate(token) : null;
    if (!request.auth) throw new AppError(401, 'unauthenticated');
    checkRoutePermission(request);
    throw request.validationError;
  }
  const result = token ? await auth.authenticateWith(token, build) : null;
  if (!result) throw new AppError(401, 'unauthenticated');
  request.auth = result.ctx;
  return result;
}

/** An administrator of the installation (`isAdministrator`): what belongs to every organization. */
export function requireAdministrator(request: FastifyRequest): AuthContext {
  const ctx = requireAuth(request);
  if (!isAdministrator(ctx.permissions)) throw new AppError(403, 'forbidden');
  return ctx;
}
