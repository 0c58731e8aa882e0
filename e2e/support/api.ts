import type { APIRequestContext } from '@playwright/test';
import { PASSWORD } from './fixtures.ts';

/** Signs in through the API and returns a bearer header for seed and clean-up calls. */
export async function apiAs(request: APIRequestContext, baseURL: string, email: string) {
  const res = await request.post(`${baseURL}/api/auth/login`, { data: { email, password: PASSWORD } });
  const token = (res.headers().authorization ?? '').replace(/^Bearer /, '');
  const headers = { Authorization: `Bearer ${token}` };
  return {
    token,
    get: async <T>(path: string) => (await (await request.get(`${baseURL}/api/${path}`, { headers })).json()) as T,
    post: (path: string, data?: unknown) => request.post(`${baseURL}/api/${path}`, { headers, data: data as object }),
  };
}
