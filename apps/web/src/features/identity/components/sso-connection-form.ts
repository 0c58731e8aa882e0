import type { SsoConnection, SsoConnectionBody } from '@rcm/shared/sso';
import type { Access } from '@/components/ui/location-access.tsx';

/** The single sign-on connection form's values, made from a connection and turned into its body. */
type Mapping = { group: string; role_id: string; access: Access };
export type Values = {
  name: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  /** One line or comma-separated: the domains whose addresses sign in here. */
  email_domains: string;
  claims: { email: string; name: string; groups: string };
  jit_enabled: boolean;
  jit_role_id: string;
  jit_access: Access;
  role_mappings: Mapping[];
  require_sso: boolean;
  break_glass_user_ids: string[];
};

export const accessOf = (ids: number[] | null): Access =>
  ids === null ? { all_locations: true, location_ids: [] } : { all_locations: false, location_ids: ids };
const idsOf = (a: Access) => (a.all_locations ? null : a.location_ids);

export function valuesOf(c: SsoConnection | null): Values {
  return {
    name: c?.name ?? '',
    issuer: c?.issuer ?? '',
    client_id: c?.client_id ?? '',
    client_secret: '',
    email_domains: c?.email_domains.join(', ') ?? '',
    claims: c?.claims ?? { email: 'email', name: 'name', groups: 'groups' },
    jit_enabled: c?.jit.enabled ?? false,
    jit_role_id: c?.jit.role_id ? String(c.jit.role_id) : '',
    jit_access: accessOf(c?.jit.location_ids ?? null),
    role_mappings: (c?.role_mappings ?? []).map((m) => ({
      group: m.group,
      role_id: String(m.role_id),
      access: accessOf(m.location_ids),
    })),
    require_sso: c?.require_sso ?? false,
    break_glass_user_ids: (c?.break_glass_user_ids ?? []).map(String),
  };
}

/** The server's field names (`email_domains.0`, `jit.role_id`) as this form's. */
export function formField(field: string): string {
  if (field.startsWith('email_domains')) return 'email_domains';
  if (field === 'jit.role_id') return 'jit_role_id';
  if (field === 'jit.location_ids') return 'jit_access';
  if (field === 'jit.enabled') return 'jit_enabled';
  const mapping = /^role_mappings\.(\d+)\.(group|role_id|location_ids)/.exec(field);
  if (mapping) return `role_mappings.${mapping[1]}.${mapping[2] === 'location_ids' ? 'access' : mapping[2]}`;
  if (field.startsWith('break_glass_user_ids')) return 'break_glass_user_ids';
  return field;
}

/** The form's values as the API's body (`client_secret` null: keep the stored one). */
export function bodyOf(v: Values): SsoConnectionBody {
  return {
    name: v.name,
    issuer: v.issuer.trim(),
    client_id: v.client_id,
    client_secret: v.client_secret === '' ? null : v.client_secret,
    email_domains: v.email_domains
      .split(/[\s,;]+/)
      .map((d) => d.trim())
      .filter(Boolean),
    claims: v.claims,
    jit: {
      enabled: v.jit_enabled,
      role_id: v.jit_role_id ? Number(v.jit_role_id) : null,
      location_ids: idsOf(v.jit_access),
    },
    role_mappings: v.role_mappings.map((m) => ({
      group: m.group,
      role_id: Number(m.role_id),
      location_ids: idsOf(m.access),
    })),
    require_sso: v.require_sso,
    break_glass_user_ids: v.break_glass_user_ids.map(Number),
  };
}
