import type { RoleBody, TeamBody, UserUpdateBody } from '@rcm/shared/settings';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../lib/errors.ts';
import type { FieldMessageKey } from '../../lib/messages.ts';
import type { AuditRepo } from '../audit/repo.ts';
import type { AuthContext } from '../auth/service.ts';
import type { SettingsRepo, SettingsUserRow } from './repo.ts';
import { inSettingsScope, permissionsBeyond, settingsScope } from './scope.ts';

const fieldError = (field: string, key: FieldMessageKey, status = 422) =>
  new AppError(status, status === 409 ? 'conflict' : 'validation_failed', { fields: [{ field, key }] });

/** Only a user who sees every organization may change what every organization shares. */
function requireGlobal(ctx: AuthContext): void {
  if (!ctx.permissions.has('organization_view_all')) throw new AppError(403, 'forbidden');
}

const userSnapshot = (u: SettingsUserRow) => ({
  name: u.name,
  email: u.email,
  role_id: u.roleId,
  team_id: u.teamId,
  organization_id: u.organizationId,
  language: u.language,
  disabled: u.disabled,
});

export function createSettingsService(deps: {
  repo: SettingsRepo;
  audit: AuditRepo;
  bus: EventBus;
  revokeUserSessions: (userId: number) => Promise<void>;
}) {
  const { repo, audit, bus } = deps;
  const actor = (ctx: AuthContext) => ({ actorUserId: ctx.user.id, impersonatorUserId: ctx.impersonatorUserId });

  async function checkTeam(teamId: number | null, organizationId: number) {
    if (teamId === null) return;
    const team = await repo.findTeam({ kind: 'all' }, teamId);
    if (!team) throw fieldError('team_id', 'unknown_option');
    if (team.organizationId !== null && team.organizationId !== organizationId)
      throw fieldError('team_id', 'team_not_in_organization');
  }

  return {
    async updateUser(ctx: AuthContext, id: number, body: UserUpdateBody) {
      const scope = settingsScope(ctx);
      const user = await repo.findUser(scope, id);
      if (!user) throw new AppError(404, 'not_found');
      // Someone holding more than the caller is out of reach: no renaming, moving or disabling them.
      if (permissionsBeyond(ctx, user.permissions).length > 0) throw new AppError(403, 'forbidden');
      if (!inSettingsScope(scope, body.organization_id) || !(await repo.organizationExists(body.organization_id)))
        throw fieldError('organization_id', 'unknown_option');
      const role = await repo.findRole(body.role_id);
      if (!role) throw fieldError('role_id', 'unknown_option');
      if (permissionsBeyond(ctx, role.permissions).length > 0) throw fieldError('role_id', 'role_not_assignable');
      await checkTeam(body.team_id, body.organization_id);
      if (body.disabled && id === ctx.user.id) throw fieldError('disabled', 'cannot_disable_self');
      if (body.email !== user.email) {
        const other = await repo.userIdByEmail(body.email);
        if (other !== undefined && other !== id) throw fieldError('email', 'email_taken', 409);
      }
      const after = {
        name: body.name,
        email: body.email,
        role_id: body.role_id,
        team_id: body.team_id,
        organization_id: body.organization_id,
        language: body.language,
        disabled: body.disabled,
      };
      await repo.updateUser(id, {
        ...body,
        roleId: body.role_id,
        teamId: body.team_id,
        organizationId: body.organization_id,
      });
      // Disabling ends every session at once; the realtime layer drops the user's sockets.
      if (body.disabled && !user.disabled) await deps.revokeUserSessions(id);
      await audit.record({
        ...actor(ctx),
        organizationId: body.organization_id,
        action: body.disabled === user.disabled ? 'user.update' : body.disabled ? 'user.disable' : 'user.enable',
        subjectType: 'user',
        subjectId: id,
        before: userSnapshot(user),
        after,
      });
      bus.emit('auth.changed', { userIds: [id], disconnect: body.disabled });
      const updated = await repo.findUser({ kind: 'all' }, id);
      if (!updated) throw new AppError(404, 'not_found');
      return updated;
    },

    async saveTeam(ctx: AuthContext, id: number | null, body: TeamBody) {
      const scope = settingsScope(ctx);
      // Teams without an organization belong to everyone: only a global settings user manages them.
      if (body.organization_id === null) requireGlobal(ctx);
      else if (!inSettingsScope(scope, body.organization_id) || !(await repo.organizationExists(body.organization_id)))
        throw fieldError('organization_id', 'unknown_option');
      const values = { name: body.name, organizationId: body.organization_id };
      let before: unknown = null;
      if (id !== null) {
        const team = await repo.findTeam(scope, id);
        if (!team) throw new AppError(404, 'not_found');
        if (team.organizationId === null) requireGlobal(ctx);
        before = { name: team.name, organization_id: team.organizationId };
        await repo.updateTeam(id, values);
      }
      const teamId = id ?? (await repo.insertTeam(values));
      await audit.record({
        ...actor(ctx),
        organizationId: body.organization_id,
        action: id === null ? 'team.create' : 'team.update',
        subjectType: 'team',
        subjectId: teamId,
        before,
        after: body,
      });
      const team = await repo.findTeam({ kind: 'all' }, teamId);
      if (!team) throw new AppError(404, 'not_found');
      return team;
    },

    async saveRole(ctx: AuthContext, id: number | null, body: RoleBody) {
      requireGlobal(ctx);
      if (permissionsBeyond(ctx, body.permissions).length > 0)
        throw fieldError('permissions', 'permission_not_grantable');
      const values = { name: body.name, color: body.color.toLowerCase(), permissions: [...new Set(body.permissions)] };
      let before: unknown = null;
      let affected: number[] = [];
      if (id !== null) {
        const role = await repo.findRole(id);
        if (!role) throw new AppError(404, 'not_found');
        // A role holding more than the caller is out of reach, like its users.
        if (permissionsBeyond(ctx, role.permissions).length > 0) throw new AppError(403, 'forbidden');
        before = { name: role.name, color: role.color, permissions: role.permissions };
        await repo.updateRole(id, values);
        affected = await repo.roleUserIds(id);
      }
      const roleId = id ?? (await repo.insertRole(values));
      await audit.record({
        ...actor(ctx),
        organizationId: null,
        action: id === null ? 'role.create' : 'role.update',
        subjectType: 'role',
        subjectId: roleId,
        before,
        after: values,
      });
      // Permissions are read per request, so the API already enforces the change; the SPA hears it here.
      if (affected.length > 0) bus.emit('auth.changed', { userIds: affected, disconnect: false });
      const role = await repo.findRole(roleId);
      if (!role) throw new AppError(404, 'not_found');
      return role;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
