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

/** failureMessage followed by each field's message: for a form of one or two fields that shows them on top. */
export function failureWithFields(err: unknown, networkMessage: string): string {
  const message = failureMessage(err, networkMessage);
  const fields = err instanceof ApiError ? err.fields.map((f) => f.message).join(' ') : '';
  return fields ? `${message} ${fields}` : message;
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

/** A GET sent before the app's code arrived: when, with which headers, and its answer to come. */
type EarlyRequest = { sentAt: number; headers: Record<string, string>; response: Promise<Response> };

declare global {
  interface Window {
    /** The early GETs not taken yet, by path; null once the first screen no longer wants any. */
    rcmEarlyRequests?: Record<string, EarlyRequest> | null;
  }
}

/**
 * Sends a GET now, for the app's first call of the same path to take: the page's inline first script
 * (src/first-screen.ts) asks for the user, then for what the first screen reads, while the app's code
 * is still downloading. Nothing once the early answers have been dropped (dropEarly).
 */
export function sendEarly(path: string, priority: RequestPriority = 'auto'): Promise<Response> | undefined {
  if (window.rcmEarlyRequests === null) return undefined;
  const headers = requestHeaders();
  const response = fetch(apiUrl(path), { headers, priority });
  // Taken by apiFetch, which handles a failure; never taken, a failure is nobody's to report.
  response.catch(() => undefined);
  window.rcmEarlyRequests = { ...window.rcmEarlyRequests, [path]: { sentAt: Date.now(), headers, response } };
  return response;
}

/**
 * Forgets the early GETs no call has taken, and sends none any more: they are for the first screen
 * only. Its route has loaded, the socket listens (what they answer may predate what it announces) or
 * the session has ended: no later call is answered with what the server said while the page loaded.
 */
export function dropEarly(): void {
  window.rcmEarlyRequests = null;
}

/** The early GET of this path, once, when it went with the same headers (same token, same language). */
function takeEarly(path: string, method: string, headers: Record<string, string>): EarlyRequest | undefined {
  const early = window.rcmEarlyRequests?.[path];
  if (!early || method !== 'GET') return undefined;
  delete window.rcmEarlyRequests?.[path];
  const keys = Object.keys(headers);
  const same = keys.length === Object.keys(early.headers).length && keys.every((k) => early.headers[k] === headers[k]);
  return same ? early : undefined;
}

/** When the latest GET of each path was sent: its answer tells nothing newer than that. */
const readsSent = new Map<string, number>();

/** When the latest GET of this path was sent (ms since the epoch), if one was. */
export function readSentAt(path: string): number | undefined {
  return readsSent.get(path);
}

/** Forgets when each path was read: the session has ended. */
export function forgetReads(): void {
  readsSent.clear();
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
    const early = takeEarly(path, method, headers);
    if (method === 'GET') readsSent.set(path, early?.sentAt ?? Date.now());
    res = await (early?.response ??
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
  // A 401 for a token already replaced (impersonation ended meanwhile) says nothing about the session;
  // nor does `reauth_required` (a stale password confirmation): the session is live.
  if (res.status === 401 && error?.code !== 'reauth_required' && token && token === tokens.current()) onUnauthorized();
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
