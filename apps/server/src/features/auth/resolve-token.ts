/**
 * A session token resolved in one statement: the live session, its user with role and team, the
 * member's locations and the impersonating administrator's session, read as one json column and
 * turned into records (auth/repo.ts runs it on the fast reader, db/statement.ts).
 */
import { CompiledFragment, type Fragment, frag, type Reader, rawFrag } from '../../db/statement.ts';
import { REACH_OTHER_ORGANIZATIONS } from './reach.ts';

export type UserRecord = {
  id: number;
  name: string;
  email: string;
  passwordHash: string;
  language: string;
  phone: string;
  disabled: boolean;
  allLocations: boolean;
  organizationId: number;
  organizationName: string;
  teamId: number | null;
  teamName: string | null;
  roleId: number;
  roleName: string;
  roleColor: string;
  permissions: string[];
};

export type SessionRecord = {
  id: number;
  userId: number;
  impersonatorSessionId: number | null;
  remember: boolean;
  expiresAt: Date;
  lastUsedAt?: Date;
  createdAt?: Date;
};

/** The organization policy's session limits (organization_security_policies; null: none). */
export type SessionLimits = { idleMinutes: number | null; maxHours: number | null };

type ResolvedRow = {
  id: number;
  name: string;
  email: string;
  password_hash: string;
  language: string;
  phone: string;
  disabled: boolean;
  all_locations: boolean;
  organization_id: number;
  organization_name: string;
  team_id: number | null;
  team_name: string | null;
  role_id: number;
  role_name: string;
  role_color: string;
  /** The role's permission keys joined by U+001F (a character no key holds): a plain text, no array parsing. */
  permissions: string;
  session_id: number;
  session_user_id: number;
  impersonator_session_id: number | null;
  remember: boolean;
  /** Timestamps as epoch milliseconds: a JSON number, where a timestamptz went through two date parsers. */
  expires_ms: number;
  last_used_ms: number | null;
  created_ms: number;
  idle_minutes: number | null;
  max_hours: number | null;
  admin_user_id: number | null;
  admin_revoked_ms: number | null;
  admin_expires_ms: number | null;
  location_ids: number[] | null;
  /** For a caller who reaches other organizations only: see SupportRow. */
  support: SupportRow[] | null;
};

/**
 * An organization whose policy restricts support access (not the caller's own): its id, `grant` or
 * `never`, and the caller's covering grant that expires last, if any (id, expiry in epoch ms;
 * revoked ones left out, expiry judged by the instance's clock in support-access.ts).
 */
export type SupportRow = [
  organizationId: number,
  access: 'grant' | 'never',
  grantId: number | null,
  expiresMs: number | null,
];

/** The array literal of REACH_OTHER_ORGANIZATIONS, for the statement's text (fixed keys, no quotes in them). */
const REACH_ARRAY = `array[${REACH_OTHER_ORGANIZATIONS.map((p) => `'${p}'`).join(', ')}]::text[]`;

/**
 * The session ⋈ user ⋈ role ⋈ team of a token, the member's locations and the impersonator's session,
 * as ONE json column `session` (a ResolvedRow): the driver parses one JSON text instead of 25 typed
 * columns (bench:api: ~16 µs less a request; the row rides along with the hot reads' own columns).
 */
const RESOLVE_COLUMNS = rawFrag(`select json_build_object('id', u.id, 'name', u.name, 'email', u.email,
          'password_hash', u.password_hash, 'language', u.language, 'phone', u.phone, 'disabled', u.disabled,
          'all_locations', u.all_locations, 'organization_id', u.organization_id, 'organization_name', o.name,
          'team_id', u.team_id, 'team_name', t.name, 'role_id', u.role_id, 'role_name', r.name,
          'role_color', r.color, 'permissions', array_to_string(r.permissions, chr(31)),
          'session_id', s.id, 'session_user_id', s.user_id, 'impersonator_session_id', s.impersonator_session_id,
          'remember', s.remember, 'expires_ms', extract(epoch from s.expires_at) * 1000,
          'last_used_ms', extract(epoch from s.last_used_at) * 1000,
          'created_ms', extract(epoch from s.created_at) * 1000,
          'idle_minutes', sp.session_idle_minutes, 'max_hours', sp.session_max_hours, 'admin_user_id', adm.user_id,
          'admin_revoked_ms', extract(epoch from adm.revoked_at) * 1000,
          'admin_expires_ms', extract(epoch from adm.expires_at) * 1000,
          'location_ids', case when u.all_locations then null else
            coalesce((select array_agg(ul.location_id order by ul.location_id) from user_locations ul
                      where ul.user_id = u.id), '{}') end,
          'support', case when r.permissions && ${REACH_ARRAY} then
            (select json_agg(json_build_array(rp.organization_id, rp.support_access, lg.id,
                    extract(epoch from lg.expires_at) * 1000))
              from organization_security_policies rp
                left join lateral (select g.id, g.expires_at from support_grants g
                  where g.organization_id = rp.organization_id and g.revoked_at is null
                    and (g.grantee_user_id = u.id or g.grantee_organization_id = u.organization_id)
                  order by g.expires_at desc limit 1) lg on true
              where rp.support_access <> 'always' and rp.organization_id <> u.organization_id) end) as session
        from sessions s
          join users u on u.id = s.user_id
          join organizations o on o.id = u.organization_id
          join roles r on r.id = u.role_id
          left join teams t on t.id = u.team_id
          left join organization_security_policies sp on sp.organization_id = u.organization_id
          left join sessions adm on adm.id = s.impersonator_session_id`);

/**
 * A role's permission list from its joined text, one array per distinct text (a role's list changes
 * rarely; it is read from the database on every request, only the splitting is remembered). Frozen:
 * every request of that role shares it.
 */
const permissionLists = new Map<string, readonly string[]>();
function permissionList(text: string): string[] {
  let list = permissionLists.get(text);
  if (!list) {
    list = Object.freeze(text === '' ? [] : text.split('\u001f'));
    if (permissionLists.size >= 1000) permissionLists.clear();
    permissionLists.set(text, list);
  }
  return list as string[];
}

const RESOLVE_WHERE = (tokenHash: string, now: Date) =>
  frag`where s.token_hash = ${tokenHash} and s.revoked_at is null and s.expires_at > ${now.toISOString()}::timestamptz
    limit 1`;

/**
 * The session lookup with a read (numbered from $1) alongside: `(session) left join (read)`. The text
 * is kept per read text, so a hot read's statement is the same string object on every call.
 */
const combinedTexts = new Map<string, string>();
function withSession(read: { text: string; values: unknown[] }, tokenHash: string, now: Date): CompiledFragment {
  let text = combinedTexts.get(read.text);
  if (!text) {
    const n = read.values.length;
    text = `select * from (${RESOLVE_COLUMNS.parts[0]} where s.token_hash = $${n + 1} and s.revoked_at is null
      and s.expires_at > $${n + 2}::timestamptz limit 1) s left join (${read.text}) x on true`;
    if (combinedTexts.size >= 1000) combinedTexts.clear();
    combinedTexts.set(read.text, text);
  }
  return new CompiledFragment({ text, values: [...read.values, tokenHash, now.toISOString()] });
}

function toResolved(r: ResolvedRow) {
  return {
    user: {
      id: Number(r.id),
      name: r.name,
      email: r.email,
      passwordHash: r.password_hash,
      language: r.language,
      phone: r.phone,
      disabled: r.disabled,
      allLocations: r.all_locations,
      organizationId: Number(r.organization_id),
      organizationName: r.organization_name,
      teamId: r.team_id == null ? null : Number(r.team_id),
      teamName: r.team_name,
      roleId: Number(r.role_id),
      roleName: r.role_name,
      roleColor: r.role_color,
      permissions: permissionList(r.permissions),
    } satisfies UserRecord,
    session: {
      id: Number(r.session_id),
      userId: Number(r.session_user_id),
      impersonatorSessionId: r.impersonator_session_id == null ? null : Number(r.impersonator_session_id),
      remember: r.remember,
      expiresAt: new Date(Number(r.expires_ms)),
      lastUsedAt: r.last_used_ms == null ? undefined : new Date(Number(r.last_used_ms)),
      createdAt: new Date(Number(r.created_ms)),
    } satisfies SessionRecord,
    limits: {
      idleMinutes: r.idle_minutes == null ? null : Number(r.idle_minutes),
      maxHours: r.max_hours == null ? null : Number(r.max_hours),
    } satisfies SessionLimits,
    admin: {
      userId: r.admin_user_id == null ? null : Number(r.admin_user_id),
      revokedAt: r.admin_revoked_ms == null ? null : new Date(Number(r.admin_revoked_ms)),
      expiresAt: r.admin_expires_ms == null ? null : new Date(Number(r.admin_expires_ms)),
    },
    locationIds: r.location_ids,
    support: r.support ?? [],
  };
}

export type ResolvedToken = ReturnType<typeof toResolved>;

/**
 * A token's resolution and, in the same statement (one round trip, one snapshot), a read that answers one
 * row (`extra`'s columns must not be named like the session's). Undefined when the token is not
 * live; then `extra` is not run. The caller decides whether the read's row may be used.
 */
export async function resolveTokenWith(read: Reader, tokenHash: string, now: Date, extra: Fragment | null) {
  const [r] = await read<{ session: ResolvedRow | string } & Record<string, unknown>>(
    extra ? withSession(extra.compile(), tokenHash, now) : frag`${RESOLVE_COLUMNS} ${RESOLVE_WHERE(tokenHash, now)}`,
  );
  if (!r) return undefined;
  // Both drivers parse a json column; a driver that did not would hand over its text.
  const resolved = typeof r.session === 'string' ? (JSON.parse(r.session) as ResolvedRow) : r.session;
  return { resolved: toResolved(resolved), row: r as Record<string, unknown> };
}
