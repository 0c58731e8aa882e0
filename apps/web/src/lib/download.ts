import { apiFetch } from './api-client.ts';

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

/**
 * Fetches a file under /api/ through the API client (the session's token; a 401 signs out as
 * everywhere) and saves it; a refusal throws the ApiError.
 */
export async function downloadFile(path: string, name: string): Promise<void> {
  const res = await apiFetch(path, { headers: { Accept: '*/*' } });
  saveFile(await res.blob(), name);
}
