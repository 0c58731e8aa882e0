import type { ErrorCode } from '@rcm/shared/errors';
import type { InUseKey } from './messages.ts';

/** A typed failure that the error handler turns into `{error: {code, message, details?}}`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly details?: unknown,
  ) {
    super(code);
  }
}

export const unauthenticated = () => new AppError(401, 'unauthenticated');
export const forbidden = () => new AppError(403, 'forbidden');
export const notFound = () => new AppError(404, 'not_found');

/** What still uses a record, one phrase per kind (`messages.ts` `inUse`). */
export type InUse = { key: InUseKey; count: number };

/** 409 `in_use`: the message names what still uses the record, in the caller's language. */
export const inUse = (uses: InUse[]) => new AppError(409, 'in_use', { uses });
