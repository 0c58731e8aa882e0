import type { AuthUser } from '@rcm/shared/auth';
import type { PhoneCountriesView } from '@rcm/shared/channels';
import type {
  AcceptInvitationBody,
  AssignableRole,
  Invitation,
  InvitationBody,
  InvitationPreview,
  Location,
  LocationBody,
  Member,
  MembershipBody,
  OrganizationDetail,
  OrganizationListItem,
} from '@rcm/shared/organizations';
import type { ListMeta } from '@rcm/shared/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { toQueryString } from '@/lib/query-string.ts';
import { invitationKeys, locationKeys, organizationKeys } from './keys.ts';

export type Paged<T> = { data: T[]; meta: ListMeta };

export const organizationsListQuery = (filters: { q?: string; page?: number }) =>
  queryOptions({
    queryKey: organizationKeys.list(filters),
    queryFn: () => api<Paged<OrganizationListItem>>(`organizations?${toQueryString({ ...filters, per_page: 25 })}`),
    placeholderData: keepPreviousData,
  });

export const organizationQuery = (id: number) =>
  queryOptions({
    queryKey: organizationKeys.detail(id),
    queryFn: () => api<{ data: OrganizationDetail }>(`organizations/${id}`).then((r) => r.data),
  });

export const invitationsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: organizationKeys.invitations(organizationId),
    queryFn: () => api<{ data: Invitation[] }>(`organizations/${organizationId}/invitations`).then((r) => r.data),
  });

export const memberRolesQuery = () =>
  queryOptions({
    queryKey: organizationKeys.memberRoles,
    queryFn: () => api<{ data: AssignableRole[] }>('member-roles').then((r) => r.data),
    staleTime: 60_000,
  });

export const locationsListQuery = (filters: { q?: string; page?: number }) =>
  queryOptions({
    queryKey: locationKeys.list(filters),
    queryFn: () => api<Paged<Location>>(`locations?${toQueryString(filters)}`),
    placeholderData: keepPreviousData,
  });

export const locationQuery = (id: number) =>
  queryOptions({
    queryKey: locationKeys.detail(id),
    queryFn: () => api<{ data: Location }>(`locations/${id}`).then((r) => r.data),
  });

export const invitationPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: invitationKeys.preview(token),
    queryFn: () => api<{ data: InvitationPreview }>(`invitations/${encodeURIComponent(token)}`).then((r) => r.data),
    retry: false,
  });

export const createOrganization = (name: string) =>
  api<{ data: { id: number; name: string } }>('organizations', { method: 'POST', body: { name } }).then((r) => r.data);

export const renameOrganization = (id: number, name: string) =>
  api<{ data: { id: number; name: string } }>(`organizations/${id}`, { method: 'PATCH', body: { name } }).then(
    (r) => r.data,
  );

/** 204: deleted, or archived when history refers to it; 409 in_use names what still uses it. */
export const deleteOrganization = (id: number) => api<void>(`organizations/${id}`, { method: 'DELETE' });
export const deleteLocation = (id: number) => api<void>(`locations/${id}`, { method: 'DELETE' });
export const createLocation = (organizationId: number, body: LocationBody) =>
  api<{ data: Location }>(`organizations/${organizationId}/locations`, { method: 'POST', body }).then((r) => r.data);

export const updateLocation = (id: number, body: LocationBody) =>
  api<{ data: Location }>(`locations/${id}`, { method: 'PATCH', body }).then((r) => r.data);

export const inviteMember = (organizationId: number, body: InvitationBody) =>
  api<{ data: Invitation }>(`organizations/${organizationId}/members`, { method: 'POST', body }).then((r) => r.data);

export const revokeInvitation = (organizationId: number, invitationId: number) =>
  api(`organizations/${organizationId}/invitations/${invitationId}`, { method: 'DELETE' });

export const updateMembership = (organizationId: number, userId: number, body: MembershipBody) =>
  api<{ data: Member }>(`organizations/${organizationId}/members/${userId}`, { method: 'PATCH', body }).then(
    (r) => r.data,
  );

export const removeMember = (organizationId: number, userId: number) =>
  api(`organizations/${organizationId}/members/${userId}`, { method: 'DELETE' });

export const acceptInvitation = (token: string, body: AcceptInvitationBody) =>
  api<{ data: AuthUser }>(`invitations/${encodeURIComponent(token)}/accept`, { method: 'POST', body }).then(
    (r) => r.data,
  );

/** The organization named by a page's `$id` path parameter (nothing is asked for an id that is not a number). */
export function useOrganizationOf(id: string) {
  const orgId = Number(id);
  const org = useQuery({ ...organizationQuery(orgId), enabled: Number.isInteger(orgId) });
  return { orgId, org };
}

/** The organizations a location can be added to (the first 100 by name: enough to choose from). */
export const organizationChoicesQuery = () =>
  queryOptions({
    queryKey: organizationKeys.choices,
    queryFn: () => api<Paged<OrganizationListItem>>('organizations?per_page=100').then((r) => r.data),
  });

/** The countries its people's numbers may be in for SMS and calls, and its last day of verification codes. */
export const phoneCountriesQuery = (organizationId: number) =>
  queryOptions({
    queryKey: organizationKeys.phoneCountries(organizationId),
    queryFn: () =>
      api<{ data: PhoneCountriesView }>(`organizations/${organizationId}/phone-countries`).then((r) => r.data),
  });

export const savePhoneCountries = (organizationId: number, countries: string[] | null) =>
  api<{ data: PhoneCountriesView }>(`organizations/${organizationId}/phone-countries`, {
    method: 'PUT',
    body: { countries },
  }).then((r) => r.data);
