import type { ApiErrorBody } from '@rcm/shared/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type InUse } from './errors.ts';
import { type FieldMessageKey, localizeIssue, MESSAGES } from './messages.ts';

/**
 * One error shape for every failure. Typed AppErrors and validation failures are localized by
 * X-Locale; anything else is a 500 that says only that something went wrong, with the request id.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const locale = request.locale;
    const catalog = MESSAGES[locale];
    let body: ApiErrorBody;
    let status: number;

    if (err instanceof AppError) {
      status = err.status;
      if (err.code === 'in_use' && isInUse(err.details)) {
        body = {
          error: { code: err.code, message: err.details.uses.map((u) => catalog.inUse[u.key](u.count)).join(' ') },
        };
      } else {
        const details = localizeDetails(err.details, locale);
        body = { error: { code: err.code, message: catalog.errors[err.code], ...(details ? { details } : {}) } };
      }
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 422;
      const fields = err.validation.map((issue) =>
        localizeIssue(locale, issue as unknown as Parameters<typeof localizeIssue>[1]),
      );
      body = { error: { code: 'validation_failed', message: catalog.errors.validation_failed, details: { fields } } };
    } else if (err.statusCode === 429) {
      status = 429;
      body = { error: { code: 'rate_limited', message: catalog.errors.rate_limited } };
    } else if (err.statusCode === 413) {
      status = 413;
      body = { error: { code: 'payload_too_large', message: catalog.errors.payload_too_large } };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: fastify's own 4xx errors.
      status = 400;
      body = { error: { code: 'bad_request', message: catalog.errors.bad_request } };
    } else {
      request.log.error({ err }, 'unhandled error');
      status = 500;
      body = { error: { code: 'internal', message: catalog.errors.internal, request_id: String(request.id) } };
    }
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const catalog = MESSAGES[request.locale];
    return reply.status(404).send({ error: { code: 'not_found', message: catalog.errors.not_found } });
  });
}

/** Field errors raised by services name a message key; they are localized here like validation errors. */
function localizeDetails(details: unknown, locale: keyof typeof MESSAGES): unknown {
  if (!details || typeof details !== 'object' || !('fields' in details)) return details;
  const fields = (details as { fields: { field: string; key: FieldMessageKey }[] }).fields;
  const catalog = MESSAGES[locale].fields;
  return { fields: fields.map((f) => ({ field: f.field, message: catalog[f.key] })) };
}

function isInUse(details: unknown): details is { uses: InUse[] } {
  return (
    !!details &&
    typeof details === 'object' &&
    'uses' in details &&
    Array.isArray(details.uses) &&
    details.uses.length > 0
  );
}
