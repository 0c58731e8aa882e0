import type { RoleBody, TeamBody } from '@rcm/shared/settings';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError, inUse } from '../../lib/errors.ts';
import type { FieldMessageKey } from '../../lib/messages.ts';
import { type AuditRepo, auditActor } from '../audit/repo.ts';
import { can } from '../auth/can.ts';
import { EVERY_ORGANIZATION, holdsOrganization, requireScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import { permissionsBeyond } from './grants.ts';
import type { SettingsRepo } from './repo.ts';

const fieldError = (field: string, key: FieldMessageKey, status = 422) =>
  new AppError(status, status === 409 ? 'conflict' : 'validation_failed', { fields: [{ field, key }] });

export function createSettingsService(deps: { db: Db; repo: SettingsRepo; audit: AuditRepo; bus: EventBus }) {
  const { db, repo, audit, bus } = deps;

  return {
    async saveTeam(ctx: AuthContext, id: number | null, body: TeamBody) {
      const scope = requireScope(ctx, 'settings');
      // Teams without an organization belong to everyone: only a global settings user manages them.
      if (!can(ctx, 'team.edit', { organizationId: body.organization_id })) throw new AppError(403, 'forbidden');
      if (
        body.organization_id !== null &&
        (!holdsOrganization(scope, body.organization_id) || !(await repo.organizationExists(body.organization_id)))
      )
        throw fieldError('organization_id', 'unknown_option');
      const values = { name: body.name, organizationId: body.organization_id };
      let before: unknown = null;
      if (id !== null) {
        const team = await repo.findTeam(scope, id);
        if (!team) throw new AppError(404, 'not_found');
        if (!can(ctx, 'team.edit', team)) throw new AppError(403, 'forbidden');
        before = { name: team.name, organization_id: team.organizationId };
      }
      const teamId = await db.transaction(async (tx) => {
        if (id !== null) await repo.updateTeam(id, values, tx);
        const saved = id ?? (await repo.insertTeam(values, tx));
        await audit.recordBy(
          auditActor(ctx),
          {
            organizationId: body.organization_id,
            action: id === null ? 'team.create' : 'team.update',
            subjectType: 'team',
            subjectId: saved,
            before,
            after: body,
          },
          tx,
        );
        return saved;
      });
      const team = await repo.findTeam(EVERY_ORGANIZATION, teamId);
      if (!team) throw new AppError(404, 'not_found');
      return team;
    },

    /** Deletes a team nobody is in and no alarm type escalates to (409 in_use naming them otherwise). */
    async deleteTeam(ctx: AuthContext, id: number) {
      const team = await repo.findTeam(requireScope(ctx, 'settings'), id);
      if (!team) throw new AppError(404, 'not_found');
      if (!can(ctx, 'team.edit', team)) throw new AppError(403, 'forbidden');
      const uses = await repo.teamUses(id);
      const present = [
        { key: 'team_members' as const, count: uses.members },
        { key: 'team_escalations' as const, count: uses.escalations },
      ].filter((u) => u.count > 0);
      if (present.length > 0) throw inUse(present);
      await repo.deleteTeam(id, (tx) =>
        audit.recordBy(
          auditActor(ctx),
          {
            organizationId: team.organizationId,
            action: 'team.delete',
            subjectType: 'team',
            subjectId: id,
            before: { name: team.name, organization_id: team.organizationId },
          },
          tx,
        ),
      );
    },

    /** Deletes a role nobody holds or is invited to (archived when deleted users still hold it). */
    async deleteRole(ctx: AuthContext, id: number, now: Date) {
      // Roles are shared by every organization.
      if (!can(ctx, 'role.manage')) throw new AppError(403, 'forbidden');
      const role = await repo.findRole(id);
      if (!role) throw new AppError(404, 'not_found');
      if (permissionsBeyond(ctx, role.permissions).length > 0) throw new AppError(403, 'forbidden');
      const uses = await repo.roleUses(id, now);
      const present = [
        { key: 'role_users' as const, count: uses.users },
        { key: 'role_invitations' as const, count: uses.invitations },
        { key: 'role_sso_connections' as const, count: uses.ssoConnections },
      ].filter((u) => u.count > 0);
      if (present.length > 0) throw inUse(present);
      return repo.removeRole(id, now, (tx, outcome) =>
        audit.recordBy(
          auditActor(ctx),
          {
            organizationId: null,
            action: outcome === 'deleted' ? 'role.delete' : 'role.archive',
            subjectType: 'role',
            subjectId: id,
            before: { name: role.name, color: role.color, permissions: role.permissions },
          },
          tx,
        ),
      );
    },

    async saveRole(ctx: AuthContext, id: number | null, body: RoleBody) {
      // Roles are shared by every organization.
      if (!can(ctx, 'role.manage')) throw new AppError(403, 'forbidden');
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
        const removed = role.permissions.filter((p) => !(values.permissions as string[]).includes(p));
        // Nobody takes permissions from their own role (so the administrators' role keeps them).
        if (removed.length > 0 && id === ctx.user.roleId) throw new AppError(409, 'cannot_change_self');
        before = { name: role.name, color: role.color, permissions: role.permissions };
        affected = await repo.roleUserIds(id);
      }
      const roleId = await db.transaction(async (tx) => {
        if (id !== null) await repo.updateRole(id, values, tx);
        const saved = id ?? (await repo.insertRole(values, tx));
        await audit.recordBy(
          auditActor(ctx),
          {
            organizationId: null,
            action: id === null ? 'role.create' : 'role.update',
            subjectType: 'role',
            subjectId: saved,
            before,
            after: values,
          },
          tx,
        );
        return saved;
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
