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

/** The headers of a call: JSON, the stored language and, when signed in, the bearer token. */
function requestHeaders(init: RequestInit = {}): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Locale': getItem(LOCALE_STORAGE_KEY) ?? DEFAULT_LOCALE,
    ...init.headers,
  };
  const token = init.token ?? tokens.current();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  return headers;
}

const apiUrl = (path: string) => `/api/${path.replace(/^\//, '')}`;

/** A GET sent before the app's code arrived, with the headers it was sent with. */
type EarlyRequest = { headers: Record<string, string>; response: Promise<Response> };

declare global {
  interface Window {
    rcmEarlyRequests?: Record<string, EarlyRequest>;
  }
}

/**
 * Sends a GET now, for the app's first call of the same path to take: the page's inline first script
 * (src/first-screen.ts) asks for the user while the app's code is still downloading.
 */
export function sendEarly(path: string, priority: RequestPriority = 'auto'): Promise<Response> {
  const headers = requestHeaders();
  const response = fetch(apiUrl(path), { headers, priority });
  // Taken by apiFetch, which handles a failure; never taken, a failure is nobody's to report.
  response.catch(() => undefined);
  window.rcmEarlyRequests = { ...window.rcmEarlyRequests, [path]: { headers, response } };
  return response;
}

/**
 * Forgets the early GETs no call has taken: they were sent for the first screen, and a later screen's
 * call must not be answered with what the server said while the page was loading.
 */
export function dropEarly(): void {
  window.rcmEarlyRequests = undefined;
}

/** The early GET of this path, once, when it went with the same headers (same token, same language). */
function takeEarly(path: string, method: string, headers: Record<string, string>): Promise<Response> | undefined {
  const early = window.rcmEarlyRequests?.[path];
  if (!early || method !== 'GET') return undefined;
  delete window.rcmEarlyRequests?.[path];
  const keys = Object.keys(headers);
  const same = keys.length === Object.keys(early.headers).length && keys.every((k) => early.headers[k] === headers[k]);
  return same ? early.response : undefined;
}

/**
 * The one way to the API: every request carries X-Locale and, when signed in, the bearer token; a
 * token in the response's Authorization header replaces the stored one (docs/requirements.md §7); a
 * 401 for the stored token signs out. Answers the response when it is a success (a file, a stream),
 * else throws an ApiError with the server's localized message and details. No timeout. A GET sent
 * early (sendEarly) answers the first call of its path.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = requestHeaders(init);
  const token = init.token ?? tokens.current();
  const method = init.method ?? 'GET';

  let res: Response;
  try {
    res = await (takeEarly(path, method, headers) ??
      fetch(apiUrl(path), {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }));
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

/**
 * A query's `queryFn` that is one GET of the API (its answer mapped), with the path beside it in the
 * query's `meta`: what a first screen reads is then known without running it, and the page's first
 * script asks for it early (src/first-screen.ts).
 */
export function apiRead<T, R = T>(path: string, map?: (body: T) => R) {
  return {
    meta: { path },
    queryFn: () => api<T>(path).then((body) => (map ? map(body) : (body as unknown as R))),
  };
}

/** The path of a query made with apiRead; none for a query of several requests. */
export function readPath(query: { meta?: Record<string, unknown> }): string | undefined {
  const path = query.meta?.path;
  return typeof path === 'string' ? path : undefined;
}
