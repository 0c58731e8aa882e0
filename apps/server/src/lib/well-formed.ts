import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The path (`steps.0.name`, as the validation errors name fields) of the first string in `value`,
 * key or value, that is not well-formed Unicode; null when every one is. PostgreSQL refuses such a
 * string in text and jsonb alike, so it is refused before anything is written.
 */
export function illFormedPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path.join('.') : null;
  if (!value || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, key];
    if (LONE_SURROGATE.test(key)) return at.join('.');
    const found = illFormedPath(item, at);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Every route's body and query are checked once, after authentication (onRequest) and before the
 * route's schema: a lone UTF-16 surrogate answers 422 naming the field, for every route alike.
 */
export function installWellFormedGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.body, request.query]) {
      const field = illFormedPath(part);
      if (field !== null) throw new AppError(422, 'validation_failed', { fields: [{ field, key: 'invalid_unicode' }] });
    }
  });
}
