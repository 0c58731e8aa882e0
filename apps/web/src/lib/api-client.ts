import type { ApiErrorBody, ErrorCode } from '@rcm/shared/errors';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY } from '@rcm/shared/locale';
import { getItem } from './storage.ts';
import { tokens } from './tokens.ts';

export type FieldError = { field: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
  }
}

/** What to tell the user about a failed call: the server's localized message, or `networkMessage`. */
export function failureMessage(err: unknown, networkMessage: string): string {
  return err instanceof ApiError && err.code !== 'network' ? err.message : networkMessage;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The auth layer registers what a 401 does (clear the session, go to login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/**
 * Every request carries X-Locale and, when signed in, the bearer token; a token in the
 * response's Authorization header replaces the stored one (docs/requirements.md §7). No timeout.
 */
export async function api<T>(
  path: string,
  init: {
    method?: string;
    body?: unknown /** Instead of the stored token (ending an impersonation). */;
    token?: string;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Locale': getItem(LOCALE_STORAGE_KEY) ?? DEFAULT_LOCALE,
  };
  const token = init.token ?? tokens.current();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(`/api/${path.replace(/^\//, '')}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, 'network', 'network');
  }

  const issued = res.headers.get('Authorization');
  if (issued?.startsWith('Bearer ')) tokens.store(issued.slice(7));

  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const error = (body as ApiErrorBody | null)?.error;
    // A 401 for a token already replaced (impersonation ended meanwhile) says nothing about the session.
    if (res.status === 401 && token && token === tokens.current()) onUnauthorized();
    const fields = (error?.details as { fields?: FieldError[] } | undefined)?.fields ?? [];
    throw new ApiError(res.status, error?.code ?? 'internal', error?.message ?? res.statusText, fields);
  }
  return body as T;
}
