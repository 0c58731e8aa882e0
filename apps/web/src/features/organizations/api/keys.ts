/** The organizations' query keys: `all` covers every organization query (members, invitations, pickers). */
export const organizationKeys = {
  all: ['organizations'] as const,
  list: (filters: { q?: string; page?: number }) => ['organizations', 'list', filters] as const,
  detail: (id: number) => ['organizations', 'detail', id] as const,
  invitations: (organizationId: number) => ['organizations', 'invitations', organizationId] as const,
  memberRoles: ['organizations', 'member-roles'] as const,
  choices: ['organizations', 'choices'] as const,
  phoneCountries: (organizationId: number) => ['organizations', 'phone-countries', organizationId] as const,
  /** An organization's support grants, and whom a grant may name. */
  supportGrants: (organizationId: number) => ['organizations', 'support-grants', organizationId] as const,
  supportGrantsPage: (organizationId: number, page: number) =>
    ['organizations', 'support-grants', organizationId, page] as const,
  supportGrantees: (organizationId: number) => ['organizations', 'support-grantees', organizationId] as const,
  /** The first 100 organizations, to pick one (the controller form). */
  picker: ['organizations', 'picker'] as const,
  /** An organization's locations, to pick one (the controller form). */
  locations: (organizationId: number) => ['organizations', organizationId, 'locations'] as const,
};

/** The locations' query keys: `all` covers every location query. */
export const locationKeys = {
  all: ['locations'] as const,
  list: (filters: { q?: string; page?: number }) => ['locations', 'list', filters] as const,
  detail: (id: number) => ['locations', 'detail', id] as const,
};

/** The invitation page's query key (a signed-out page, by the invitation's token). */
export const invitationKeys = {
  preview: (token: string) => ['invitation', token] as const,
};
