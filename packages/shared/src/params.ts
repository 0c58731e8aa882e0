import { z } from 'zod';

/** Ids and refs are PostgreSQL `integer`s: a larger number is a validation error, not a database error. */
export const MAX_ID = 2_147_483_647;

/** An id in a path or a query string (text, coerced). */
export const paramId = z.coerce.number().int().positive().max(MAX_ID);

/** An id in a JSON body. */
export const bodyId = z.number().int().positive().max(MAX_ID);

/** `{id}` in a path. */
export const idParams = z.object({ id: paramId });

/** `{ref}` in a path (an alarm's public number). */
export const refParams = z.object({ ref: paramId });
