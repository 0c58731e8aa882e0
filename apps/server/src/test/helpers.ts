import type { Locale } from '@rcm/shared/locale';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema.ts';
import type { TestDatabase } from './database.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Request headers: the bearer token (when given) and the X-Locale. */
export function headers(token?: string | null, locale?: Locale | string): Record<string, string> {
  return {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(locale ? { 'x-locale': locale } : {}),
  };
}

/** What `callApi` takes after the app: method, token, the URL under /api/, and optionally a body and a locale. */
export type ApiCallArgs = [
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  token: string,
  url: string,
  payload?: unknown,
  locale?: string,
];

/** A call to /api/`url` as the holder of `token`: its status and JSON body (null when empty). */
export async function callApi(app: FastifyInstance, ...[method, token, url, payload, locale]: ApiCallArgs) {
  const res = await app.inject({
    method,
    url: `/api/${url}`,
    headers: headers(token, locale),
    payload: payload as never,
  });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as Record<string, never> };
}

/** A request to `url` as the holder of `token` (in `locale` when given): the app's raw response. */
export function injectAs(
  app: FastifyInstance,
  method: ApiCallArgs[0],
  token: string,
  url: string,
  payload?: object,
  locale?: string,
) {
  return app.inject({ method, url, headers: headers(token, locale), ...(payload === undefined ? {} : { payload }) });
}

/** GET /api/auth/user as the holder of `token`. */
export function currentUser(app: FastifyInstance, token?: string | null) {
  return app.inject({ method: 'GET', url: '/api/auth/user', headers: headers(token) });
}

/** Moves the auth service's "now" forward. */
export function advance(clock: { now: Date }, ms: number): void {
  clock.now = new Date(clock.now.getTime() + ms);
}

export async function rowCount(database: TestDatabase, table: PgTable): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** A new user copying an existing one's organization, role, team and password (demo1234 for demo users). */
export async function cloneUser(database: TestDatabase, fromEmail: string, email: string, name = email) {
  const [source] = await database.db.select().from(users).where(eq(users.email, fromEmail));
  if (!source) throw new Error(`no user ${fromEmail}`);
  const { id: _id, createdAt: _createdAt, ...rest } = source;
  const [row] = await database.db
    .insert(users)
    .values({ ...rest, email, name })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function userByEmail(database: TestDatabase, email: string) {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}
