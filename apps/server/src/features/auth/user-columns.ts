import { organizations, roles, teams, users } from '../../db/schema.ts';

/**
 * A user as sign-in and settings read them: the row, their organization's and team's names and their
 * role, selected from users joined to organizations and roles and left-joined to teams.
 */
export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  language: users.language,
  phone: users.phone,
  disabled: users.disabled,
  allLocations: users.allLocations,
  organizationId: users.organizationId,
  organizationName: organizations.name,
  teamId: users.teamId,
  teamName: teams.name,
  roleId: users.roleId,
  roleName: roles.name,
  roleColor: roles.color,
  permissions: roles.permissions,
};
