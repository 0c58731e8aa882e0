import type { SwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { OPERATIONS } from './operations.ts';

/** Every error answer's body (lib/error-handler.ts): `message` is in the request's language (X-Locale). */
export const ERROR_BODY = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'Stable machine-readable code, e.g. validation_failed, in_use' },
        message: { type: 'string', description: "Human-readable, in the request's language" },
        details: {
          type: 'object',
          additionalProperties: true,
          description: 'validation_failed: `fields` [{field, key, message}]; in_use: `uses`; others as documented',
        },
        request_id: { type: 'string', description: 'internal (500) only: the id to find the failure in the log' },
      },
    },
  },
} as const;

const ERRORS: Record<number, string> = {
  401: 'unauthenticated: no live session (sign in; the bearer token is missing, expired or revoked)',
  403: "forbidden: the caller's role lacks a permission this operation needs",
  404: "not_found: no such record, or it is outside the caller's organization and locations",
  409: "The record's state does not allow it (in_use names what still uses it; conflict, or a more specific code)",
  422: "validation_failed: details.fields names each field that failed and why, in the request's language",
  429: 'Too many attempts from this address; try again later',
  503: 'Not taking data now (disk_low: the embedded database is almost out of disk)',
  500: 'internal: an unexpected failure; the body carries a request id and no internals',
};

/**
 * The errors an operation gives that can be read off its route: 401 and 403 unless it is public
 * (`config.public`), 404 when its path has parameters, 422 when it validates a request part,
 * 429 when it is rate limited, and 500 for all. operations.ts adds or omits per operation.
 */
export function derivedErrors(route: Pick<RouteOptions, 'url' | 'config' | 'schema'>): number[] {
  const config = (route.config ?? {}) as { public?: boolean; rateLimit?: unknown };
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const errors: number[] = [];
  if (!config.public) errors.push(401, 403);
  if (route.url.includes(':')) errors.push(404);
  if (schema.params || schema.querystring || schema.body) errors.push(422);
  if (config.rateLimit) errors.push(429);
  errors.push(500);
  return errors;
}

/** `METHOD /api/path/{param}`, as the OpenAPI document names an operation. */
export function operationKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
}

/** Tags by path: the first segment after /api/, titled, unless one of these prefixes says otherwise. */
const TAGS: [RegExp, string][] = [
  [/^\/api\/auth\//, 'Sign-in and sessions'],
  [/^\/api\/account(\/|$)/, 'Account'],
  [/^\/api\/(setup|languages)(\/|$)/, 'First run and languages'],
  [/^\/api\/controllers\/[^/]+\/racks\/[^/]+\/(refrigerant|level-trend)/, 'Refrigerant'],
  [/^\/api\/refrigerants(\/|$)/, 'Refrigerant'],
  [/^\/api\/alarm-types(\/|$)/, 'Alarms'],
  [/^\/api\/(locations|member-roles|invitations)(\/|$)/, 'Organizations'],
  [/^\/api\/ingest\//, 'Device ingest'],
  [/^\/api\/admin\//, 'Backups and storage'],
  [/^\/api\/settings\/job-categories(\/|$)/, 'Jobs'],
  [/^\/api\/audit-log(\/|$)/, 'Settings'],
  [/^\/api\/purchase-orders(\/|$)/, 'Inventory'],
];

export function tagFor(url: string): string {
  for (const [pattern, tag] of TAGS) if (pattern.test(url)) return tag;
  const segment = url.split('/')[2] ?? 'api';
  const words = segment.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The document's view of one route: zod schemas as JSON schema (fastify-type-provider-zod), then the
 * summary (the route's own or operations.ts), a tag, the error answers with their body, and the
 * bearer token for operations that need a user. Only the document changes: the route's own schema,
 * and so what it validates and serializes, is left as it is.
 */
export function documentRoute(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as Record<string, unknown>;
  if (schema.hide) return out;
  const route = input.route as RouteOptions;
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
  const note = OPERATIONS[operationKey(methods[0] ?? 'GET', input.url)];
  const errors = new Set([...derivedErrors({ ...route, url: input.url }), ...(note?.add ?? [])]);
  for (const status of note?.omit ?? []) errors.delete(status);
  const response = { ...((schema.response as Record<string, unknown>) ?? {}) };
  for (const status of [...errors].sort()) {
    response[status] ??= { description: ERRORS[status] ?? 'Error', ...ERROR_BODY };
  }
  const config = (route.config ?? {}) as { public?: boolean };
  return {
    ...out,
    schema: {
      ...schema,
      summary: (schema.summary as string | undefined) ?? note?.summary,
      tags: (schema.tags as string[] | undefined) ?? [tagFor(input.url)],
      response,
      ...(config.public ? {} : { security: [{ bearer: [] }] }),
    },
  };
}

/** @fastify/swagger's options: OpenAPI 3, every route through documentRoute. */
export const swaggerOptions: SwaggerOptions = {
  openapi: {
    info: {
      title: 'Refrigeration monitoring console API',
      version: '1',
      description:
        'Sign in with POST /api/auth/login; the session token comes back in the Authorization header ' +
        'and goes with every other call as `Authorization: Bearer <token>`. Errors are ' +
        '`{error: {code, message, details?}}`, messages in the language of the X-Locale header (en-US, es-MX).',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  },
  transform: documentRoute,
};
