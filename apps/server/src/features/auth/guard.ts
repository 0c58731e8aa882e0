import type { Permission } from '@rcm/shared/permissions';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from './service.ts';

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(401, 'unauthenticated');
  return request.auth;
}

/** Signed in and holding at least one of the permissions (spec: a list needs any of them). */
export function requirePermission(request: FastifyRequest, ...anyOf: Permission[]): AuthContext {
  const ctx = requireAuth(request);
  if (!anyOf.some((p) => ctx.permissions.has(p))) throw new AppError(403, 'forbidden');
  return ctx;
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}
