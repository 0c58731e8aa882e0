import { z } from 'zod';

/** Ids and refs are PostgreSQL `integer`s: a larger number is a validation error, not a database error. */
export const MAX_ID = 2_147_483_647;

/** `{id}` in a path. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/** `{ref}` in a path (an alarm's public number). */
export const refParams = z.object({ ref: z.coerce.number().int().positive().max(MAX_ID) });
