import type { FastifyInstance } from 'fastify';

export type ApiParameter = { in: 'path' | 'query' | 'header'; name: string; schema: { type?: string } };

/** One operation of the API reference: `GET /api/alarms/{ref}` and its parameters. */
export type ApiOperation = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  parameters: ApiParameter[];
};

/** Every operation of the OpenAPI document (the sweeps over the whole API walk it). */
export async function apiOperations(app: FastifyInstance): Promise<ApiOperation[]> {
  const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: ApiParameter[] }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase() as ApiOperation['method'],
      path,
      parameters: op.parameters ?? [],
    })),
  );
}

/** Whether the method carries a body. */
export const hasBody = (method: ApiOperation['method']) => method !== 'GET' && method !== 'DELETE';

/** The operations that answer without a signed-in user (every other one needs a live session). */
export const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set([
  'POST /api/auth/login',
  // The sign-in's second step and enrollment at sign-in: their token stands for the person.
  'POST /api/auth/login/mfa',
  'POST /api/auth/login/enroll/totp',
  'POST /api/auth/login/enroll/totp/verify',
  'POST /api/auth/login/enroll/webauthn/options',
  'POST /api/auth/login/enroll/webauthn',
  // Passwordless sign-in with a passkey, and the options of its assertion (or of the second step's).
  'POST /api/auth/passkey/options',
  'POST /api/auth/passkey',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/reset-password/check',
  'GET /api/setup',
  'POST /api/setup',
  'GET /api/languages',
  'GET /api/invitations/{token}',
  'POST /api/invitations/{token}/accept',
  'POST /api/ingest/v1/{mac}/{channel}',
  // One-tap acknowledge: the link's token stands for its person.
  'GET /api/ack-links/{token}',
  'POST /api/ack-links/{token}',
  // Single sign-on: finding the connection, the trip to the provider and back, and its completion.
  'GET /api/auth/sso/discover',
  'GET /api/auth/sso/{connection_id}/start',
  'GET /api/auth/sso/callback',
  'POST /api/auth/sso/complete',
]);
