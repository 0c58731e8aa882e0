import type { UserCreateBody, UserPatchBody } from '@rcm/shared/settings';
import type { Tx } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../lib/errors.ts';
import type { FieldMessageKey } from '../../lib/messages.ts';
import { auditActor, type ChangeDeps } from '../audit/repo.ts';
import type { PasswordLinks } from '../auth/password-links.ts';
import { EVERY_ORGANIZATION, holdsOrganization, requireScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import { setMemberLocations } from '../organizations/members-repo.ts';
import { permissionsBeyond } from './grants.ts';
import type { SettingsRepo, SettingsUserRow } from './repo.ts';

const fieldError = (field: string, key: FieldMessageKey, status = 422) =>
  new AppError(status, status === 409 ? 'conflict' : 'validation_failed', { fields: [{ field, key }] });

const snapshot = (u: SettingsUserRow) => ({
  name: u.name,
  email: u.email,
  phone: u.phone,
  role_id: u.roleId,
  team_id: u.teamId,
  organization_id: u.organizationId,
  language: u.language,
  disabled: u.disabled,
});

/**
 * Users as an administrator manages them (`settings_update`, within the caller's scope): create
 * (the user chooses a password through an emailed link), change, disable, delete, send a password
 * reset. Nobody changes their own role, disables or deletes themselves, and nobody reaches a user
 * holding a permission they lack. Together these keep an administrator: whoever could disable,
 * delete or demote the last one holds every permission they hold, so is an administrator too.
 */
export function createUsersService(
  deps: ChangeDeps & {
    repo: SettingsRepo;
    locationIdsInOrganization: (organizationId: number, ids: readonly number[]) => Promise<number[]>;
    bus: EventBus;
    passwordLinks: Pick<PasswordLinks, 'send'>;
    /** A mail server is configured (SMTP_URL): the invitation leaves by email; else its link is handed back. */
    mailConfigured: boolean;
    /** Ends the user's sessions (a disabled or deleted user's integration tokens too, see module.ts). */
    revokeUserSessions: (userId: number, tx: Tx) => Promise<void>;
    revokeUserTokens: (userId: number, tx: Tx) => Promise<void>;
    /** Removes a user's second factors and ends their sessions and tokens, audited (auth/mfa-service.ts). */
    resetMfa: (ctx: AuthContext, user: { id: number; organizationId: number }) => Promise<void>;
  },
) {
  const { db, repo, audit, bus, now } = deps;

  /** The user in the caller's scope and within the caller's own permissions (404 / 403 otherwise). */
  async function reachable(ctx: AuthContext, id: number) {
    const user = await repo.findUser(requireScope(ctx, 'settings'), id);
    if (!user) throw new AppError(404, 'not_found');
    // Someone holding more than the caller is out of reach: no renaming, moving or disabling them.
    if (permissionsBeyond(ctx, user.permissions).length > 0) throw new AppError(403, 'forbidden');
    return user;
  }

  async function checkPlacement(
    ctx: AuthContext,
    input: { organizationId: number; roleId: number; teamId: number | null },
  ) {
    const scope = requireScope(ctx, 'settings');
    if (!holdsOrganization(scope, input.organizationId) || !(await repo.organizationExists(input.organizationId)))
      throw fieldError('organization_id', 'unknown_option');
    const role = await repo.findRole(input.roleId);
    if (!role) throw fieldError('role_id', 'unknown_option');
    if (permissionsBeyond(ctx, role.permissions).length > 0) throw fieldError('role_id', 'role_not_assignable');
    if (input.teamId !== null) {
      const team = await repo.findTeam(EVERY_ORGANIZATION, input.teamId);
      if (!team) throw fieldError('team_id', 'unknown_option');
      if (team.organizationId !== null && team.organizationId !== input.organizationId)
        throw fieldError('team_id', 'team_not_in_organization');
    }
    return role;
  }

  async function emailFree(email: string, exceptId: number | null) {
    const other = await repo.userIdByEmail(email);
    if (other !== undefined && other !== exceptId) throw fieldError('email', 'email_taken', 409);
  }

  async function found(id: number) {
    const user = await repo.findUser(EVERY_ORGANIZATION, id);
    if (!user) throw new AppError(404, 'not_found');
    return user;
  }

  return {
    async create(ctx: AuthContext, body: UserCreateBody) {
      const teamId = body.team_id ?? null;
      await checkPlacement(ctx, { organizationId: body.organization_id, roleId: body.role_id, teamId });
      await emailFree(body.email, null);
      let locationIds: number[] = [];
      if (!body.all_locations) {
        locationIds = await deps.locationIdsInOrganization(body.organization_id, body.location_ids);
        if (locationIds.length !== new Set(body.location_ids).size)
          throw fieldError('location_ids', 'location_not_in_organization');
      }
      const values = {
        name: body.name,
        email: body.email,
        phone: body.phone ?? '',
        roleId: body.role_id,
        teamId,
        organizationId: body.organization_id,
        language: body.language,
      };
      const { userId: id, link } = await db.transaction(async (tx) => {
        const userId = await repo.insertUser(tx, values);
        await setMemberLocations(tx, userId, body.all_locations, locationIds);
        const link = await deps.passwordLinks.send(tx, { ...values, id: userId }, 'invite');
        await audit.recordBy(
          auditActor(ctx),
          {
            organizationId: body.organization_id,
            action: 'user.create',
            subjectType: 'user',
            subjectId: userId,
            after: { ...body, location_ids: locationIds },
          },
          tx,
        );
        return { userId, link };
      });
      // Without a mail server nothing carries the link: the administrator gets it to pass on.
      const invitation = deps.mailConfigured ? { sent: true } : { sent: false, url: link };
      return { user: await found(id), invitation };
    },

    async update(ctx: AuthContext, id: number, patch: UserPatchBody) {
      const user = await reachable(ctx, id);
      const next = {
        name: patch.name ?? user.name,
        email: patch.email ?? user.email,
        phone: patch.phone ?? user.phone,
        roleId: patch.role_id ?? user.roleId,
        teamId: patch.team_id === undefined ? user.teamId : patch.team_id,
        organizationId: patch.organization_id ?? user.organizationId,
        language: patch.language ?? user.language,
        disabled: patch.disabled ?? user.disabled,
      };
      await checkPlacement(ctx, next);
      if (id === ctx.user.id && (next.disabled || next.roleId !== user.roleId))
        throw new AppError(409, 'cannot_change_self');
      if (next.email !== user.email) await emailFree(next.email, id);
      await db.transaction(async (tx) => {
        await repo.updateUser(id, next, tx);
        // Disabling ends every session at once; the realtime layer drops the user's sockets.
        if (next.disabled && !user.disabled) {
          await deps.revokeUserSessions(id, tx);
          await deps.revokeUserTokens(id, tx);
        }
        await audit.recordBy(
          auditActor(ctx),
          {
            organizationId: next.organizationId,
            action: next.disabled === user.disabled ? 'user.update' : next.disabled ? 'user.disable' : 'user.enable',
            subjectType: 'user',
            subjectId: id,
            before: snapshot(user),
            after: {
              name: next.name,
              email: next.email,
              phone: next.phone,
              role_id: next.roleId,
              team_id: next.teamId,
              organization_id: next.organizationId,
              language: next.language,
              disabled: next.disabled,
            },
          },
          tx,
        );
      });
      bus.emit('auth.changed', { userIds: [id], disconnect: next.disabled });
      return found(id);
    },

    async remove(ctx: AuthContext, id: number) {
      const user = await reachable(ctx, id);
      if (id === ctx.user.id) throw new AppError(409, 'cannot_change_self');
      await db.transaction(async (tx) => {
        await repo.markDeleted(id, now(), tx);
        await deps.revokeUserSessions(id, tx);
        await deps.revokeUserTokens(id, tx);
        await audit.recordBy(
          auditActor(ctx),
          {
            organizationId: user.organizationId,
            action: 'user.delete',
            subjectType: 'user',
            subjectId: id,
            before: snapshot(user),
          },
          tx,
        );
      });
      bus.emit('auth.changed', { userIds: [id], disconnect: true });
    },

    /** Ends every session of a user in the caller's reach (they sign in again), audited. */
    async endSessions(ctx: AuthContext, id: number) {
      const user = await reachable(ctx, id);
      await audit.recordChange(db, auditActor(ctx), (tx) => deps.revokeUserSessions(id, tx), {
        organizationId: user.organizationId,
        action: 'auth.session_revoked',
        subjectType: 'user',
        subjectId: id,
        after: { sessions: 'all' },
      });
    },

    /** Resets the second factors of a user in the caller's reach: they sign in with the password (and enroll where required). */
    async resetMfa(ctx: AuthContext, id: number) {
      const user = await reachable(ctx, id);
      await deps.resetMfa(ctx, user);
    },

    async sendPasswordReset(ctx: AuthContext, id: number) {
      const user = await reachable(ctx, id);
      if (user.disabled) throw new AppError(409, 'account_disabled');
      await audit.recordChange(db, auditActor(ctx), (tx) => deps.passwordLinks.send(tx, user, 'reset'), {
        organizationId: user.organizationId,
        action: 'user.password_reset_sent',
        subjectType: 'user',
        subjectId: id,
      });
      // The link itself is never handed over (it would sign its holder in as the user): only whether it left.
      return { sent: deps.mailConfigured };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
