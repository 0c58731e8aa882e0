import type { Paged } from '@rcm/shared/pagination';
import type {
  AlarmTypeBody,
  AuditEntry,
  CreatedUser,
  RoleBody,
  SettingsAlarmType,
  SettingsRole,
  SettingsTeam,
  SettingsUser,
  TeamBody,
  UserCreateBody,
  UserPatchBody,
  UserUpdateBody,
} from '@rcm/shared/settings';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { toQueryString } from '@/lib/query-string.ts';
import { settingsKeys } from './keys.ts';

export type ListFilters = { q?: string; page?: number; per_page?: number };
export type AuditFilters = {
  action?: string;
  actor?: string;
  from?: string;
  to?: string;
  hide_sign_ins?: 'true';
  page?: number;
};

const list = <T>(kind: string, filters: ListFilters) =>
  queryOptions({
    queryKey: settingsKeys.list(kind, filters),
    queryFn: () => api<Paged<T>>(`settings/${kind}?${toQueryString(filters)}`),
    placeholderData: keepPreviousData,
  });
const one = <T>(kind: string, id: number) =>
  queryOptions({
    queryKey: settingsKeys.detail(kind, id),
    queryFn: () => api<{ data: T }>(`settings/${kind}/${id}`).then((r) => r.data),
  });

export const usersQuery = (f: ListFilters) => list<SettingsUser>('users', f);
export const userQuery = (id: number) => one<SettingsUser>('users', id);
export const teamsQuery = (f: ListFilters) => list<SettingsTeam>('teams', f);
export const teamQuery = (id: number) => one<SettingsTeam>('teams', id);
export const rolesQuery = (f: ListFilters) => list<SettingsRole>('roles', f);
export const roleQuery = (id: number) => one<SettingsRole>('roles', id);
export const alarmTypesQuery = (f: ListFilters) => list<SettingsAlarmType>('alarm-types', f);
export const alarmTypeQuery = (id: number) => one<SettingsAlarmType>('alarm-types', id);

export const auditLogQuery = (f: AuditFilters) =>
  queryOptions({
    queryKey: settingsKeys.auditLog(f),
    queryFn: () => api<Paged<AuditEntry>>(`audit-log?${toQueryString(f)}`),
    placeholderData: keepPreviousData,
  });
export const auditActionsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.auditActions,
    queryFn: () => api<{ data: string[] }>('audit-log/actions').then((r) => r.data),
  });

/** Organizations for the pickers: the API returns only those the caller may see. */
export const organizationOptionsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.organizations,
    queryFn: () =>
      api<{ data: { id: number; name: string }[] }>('organizations?per_page=100').then((r) =>
        r.data.map((o) => ({ id: o.id, name: o.name })),
      ),
    staleTime: 60_000,
  });

/** An organization's locations, for choosing which of them a user may see. */
export const organizationLocationsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: settingsKeys.organizationLocations(organizationId),
    queryFn: () =>
      api<{ data: { id: number; name: string }[] }>(`organizations/${organizationId}/locations`).then((r) => r.data),
    enabled: organizationId > 0,
    staleTime: 60_000,
  });

export const updateUser = (id: number, body: UserUpdateBody) =>
  api<{ data: SettingsUser }>(`settings/users/${id}`, { method: 'PUT', body }).then((r) => r.data);
export const patchUser = (id: number, body: UserPatchBody) =>
  api<{ data: SettingsUser }>(`settings/users/${id}`, { method: 'PATCH', body }).then((r) => r.data);
/** A new user; without a mail server the answer carries the invitation link to hand over (`invitation_url`). */
export const createUser = (body: UserCreateBody) =>
  api<{ data: CreatedUser }>('settings/users', { method: 'POST', body }).then((r) => r.data);
export const deleteTeam = (id: number) => api<void>(`settings/teams/${id}`, { method: 'DELETE' });
export const deleteRole = (id: number) => api<void>(`settings/roles/${id}`, { method: 'DELETE' });
export const deleteUser = (id: number) => api<void>(`settings/users/${id}`, { method: 'DELETE' });
/** Ends every session of the user: they sign in again everywhere. */
export const endUserSessions = (id: number) => api<null>(`settings/users/${id}/sessions`, { method: 'DELETE' });
export const sendPasswordReset = (id: number) =>
  api<{ data: { ok: true; email_sent: boolean } }>(`settings/users/${id}/password-reset`, { method: 'POST' }).then(
    (r) => r.data,
  );
export const saveTeam = (id: number | null, body: TeamBody) =>
  api<{ data: SettingsTeam }>(id ? `settings/teams/${id}` : 'settings/teams', {
    method: id ? 'PUT' : 'POST',
    body,
  }).then((r) => r.data);
export const saveRole = (id: number | null, body: RoleBody) =>
  api<{ data: SettingsRole }>(id ? `settings/roles/${id}` : 'settings/roles', {
    method: id ? 'PUT' : 'POST',
    body,
  }).then((r) => r.data);
export const updateAlarmType = (id: number, body: AlarmTypeBody) =>
  api<{ data: SettingsAlarmType }>(`settings/alarm-types/${id}`, { method: 'PUT', body }).then((r) => r.data);
