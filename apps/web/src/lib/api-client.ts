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
    /** The error's details as the server sent them (e.g. an import's rejected rows). */
    readonly details?: unknown,
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

type RequestInit = {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Instead of the stored token (ending an impersonation). */
  token?: string;
  /** More headers (e.g. the reader's time zone for a PDF). */
  headers?: Record<string, string>;
};

/**
 * The one way to the API: every request carries X-Locale and, when signed in, the bearer token; a
 * token in the response's Authorization header replaces the stored one (docs/requirements.md §7); a
 * 401 for the stored token signs out. Answers the response when it is a success (a file, a stream),
 * else throws an ApiError with the server's localized message and details. No timeout.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Locale': getItem(LOCALE_STORAGE_KEY) ?? DEFAULT_LOCALE,
    ...init.headers,
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
  if (res.ok) return res;

  const error = ((await res.json().catch(() => null)) as ApiErrorBody | null)?.error;
  // A 401 for a token already replaced (impersonation ended meanwhile) says nothing about the session.
  if (res.status === 401 && token && token === tokens.current()) onUnauthorized();
  const fields = (error?.details as { fields?: FieldError[] } | undefined)?.fields ?? [];
  throw new ApiError(res.status, error?.code ?? 'internal', error?.message ?? res.statusText, fields, error?.details);
}

/** A JSON call to the API (see apiFetch); an empty answer (204) is null. */
export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await apiFetch(path, init);
  return (await res.json().catch(() => null)) as T;
}
