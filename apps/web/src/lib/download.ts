import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY } from '@rcm/shared/locale';
import { getItem } from './storage.ts';
import { tokens } from './tokens.ts';

/** The headers of a request sent with fetch itself (a file, a stream): the language and, signed in, the token. */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'X-Locale': getItem(LOCALE_STORAGE_KEY) ?? DEFAULT_LOCALE };
  const token = tokens.current();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Puts a file in the browser's downloads under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches a file with the session's token and saves it; a refusal throws `${what}: ${status}`. */
export async function downloadFile(url: string, name: string, what: string): Promise<void> {
  const res = await fetch(url, { headers: authHeaders() });
  if (!res.ok) throw new Error(`${what}: ${res.status}`);
  saveFile(await res.blob(), name);
}
