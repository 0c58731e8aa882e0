import { type APIRequestContext, expect } from '@playwright/test';
import { PASSWORD } from './fixtures.ts';

/**
 * Signs in through the API and returns the token and GET/POST with it, for seed and clean-up calls
 * (the `apiAs` fixture; this form for helpers outside a test).
 */
export async function apiAs(request: APIRequestContext, baseURL: string, email: string) {
  const res = await request.post(`${baseURL}/api/auth/login`, { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  const token = (res.headers().authorization ?? '').replace(/^Bearer /, '');
  expect(token).not.toBe('');
  const headers = { Authorization: `Bearer ${token}` };
  return {
    token,
    get: async <T>(path: string) => (await (await request.get(`${baseURL}/api/${path}`, { headers })).json()) as T,
    post: (path: string, data?: unknown) => request.post(`${baseURL}/api/${path}`, { headers, data: data as object }),
  };
}

export type Api = Awaited<ReturnType<typeof apiAs>>;
