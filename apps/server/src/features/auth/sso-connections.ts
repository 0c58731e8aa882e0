import type { SsoConnection, SsoConnectionBody, SsoConnectionPatch } from '@rcm/shared/sso';
import type { Tx } from '../../db/client.ts';
import type { SsoRoleMapping } from '../../db/schema-access.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../lib/errors.ts';
import type { FieldMessageKey } from '../../lib/messages.ts';
import { auditActor, type ChangeDeps } from '../audit/repo.ts';
import type { ApiTokensRepo } from './api-tokens-repo.ts';
import { can } from './can.ts';
import type { AuthContext } from './context.ts';
import type { AuthRepo } from './repo.ts';
import { holdsOrganization, scopeFor } from './scope.ts';
import type { SsoConnectionRow, SsoRepo } from './sso-repo.ts';

const fieldError = (status: number, code: 'validation_failed' | 'conflict', field: string, key: FieldMessageKey) =>
  new AppError(status, code, { fields: [{ field, key }] });

/**
 * An organization's single sign-on connections, managed by its administrators: the provider, the
 * domains, claims, first sign-in and the groups' roles; a change that takes someone's way in away
 * ends their sessions and tokens.
 */
export function createSsoConnections(
  deps: ChangeDeps & {
    repo: SsoRepo;
    users: AuthRepo;
    apiTokens: ApiTokensRepo;
    bus: EventBus;
    redirectUri: () => string;
    allowInsecure: boolean;
    locationIdsInOrganization: (organizationId: number, ids: readonly number[]) => Promise<number[]>;
  },
) {
  const { db, repo, users, audit, now, redirectUri } = deps;

  function present(row: SsoConnectionRow): SsoConnection {
    return {
      id: row.id,
      organization_id: row.organizationId,
      name: row.name,
      issuer: row.issuer,
      client_id: row.clientId,
      client_secret_set: row.clientSecret !== null,
      email_domains: row.emailDomains,
      claims: { email: row.claimEmail, name: row.claimName, groups: row.claimGroups },
      jit: { enabled: row.jitEnabled, role_id: row.jitRoleId, location_ids: row.jitLocationIds },
      role_mappings: row.roleMappings.map((m) => ({ group: m.group, role_id: m.roleId, location_ids: m.locationIds })),
      require_sso: row.requireSso,
      break_glass_user_ids: row.breakGlassUserIds,
      redirect_uri: redirectUri(),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  /**
   * The organization's connections are its user management: `settings_update` in the organization, or
   * in any with organization_view_all. 403 without the permission, 404 for an organization out of reach.
   */
  function manageScope(ctx: AuthContext, organizationId?: number) {
    if (!can(ctx, 'settings.edit')) throw new AppError(403, 'forbidden');
    const scope = scopeFor(ctx, 'settings');
    if (!scope) throw new AppError(403, 'forbidden');
    if (organizationId !== undefined && !holdsOrganization(scope, organizationId)) {
      throw new AppError(404, 'not_found');
    }
    return scope;
  }

  /** What the connection's fields must hold, checked against the organization and the caller; 422 or 409 otherwise. */
  async function check(ctx: AuthContext, organizationId: number, next: SsoConnectionBody, exceptId: number | null) {
    if (next.issuer.startsWith('http://') && !deps.allowInsecure) {
      throw fieldError(422, 'validation_failed', 'issuer', 'issuer_insecure');
    }
    const taken = await repo.domainsTaken(next.email_domains, exceptId);
    if (taken.length > 0) {
      const i = next.email_domains.indexOf(taken[0] as string);
      throw fieldError(409, 'conflict', `email_domains.${i}`, 'domain_taken');
    }
    // Nobody hands out through a provider's groups a role they could not give by hand.
    const roleFields: [string, number][] = next.role_mappings.map((m, i) => [`role_mappings.${i}.role_id`, m.role_id]);
    if (next.jit.role_id !== null) roleFields.unshift(['jit.role_id', next.jit.role_id]);
    const live = new Map((await repo.liveRoles(roleFields.map(([, id]) => id))).map((r) => [r.id, r]));
    for (const [field, id] of roleFields) {
      const role = live.get(id);
      if (!role || !can(ctx, 'role.assign', role))
        throw fieldError(422, 'validation_failed', field, 'role_not_assignable');
    }
    const locationFields: [string, number[]][] = [];
    if (next.jit.location_ids) locationFields.push(['jit.location_ids', next.jit.location_ids]);
    next.role_mappings.forEach((m, i) => {
      if (m.location_ids) locationFields.push([`role_mappings.${i}.location_ids`, m.location_ids]);
    });
    for (const [field, ids] of locationFields) {
      const found = new Set(await deps.locationIdsInOrganization(organizationId, ids));
      if (ids.some((id) => !found.has(id)))
        throw fieldError(422, 'validation_failed', field, 'location_not_in_organization');
    }
    const members = new Set(await repo.membersOf(organizationId, next.break_glass_user_ids));
    if (next.break_glass_user_ids.some((id) => !members.has(id)))
      throw fieldError(422, 'validation_failed', 'break_glass_user_ids', 'break_glass_not_member');
  }

  const valuesOf = (body: SsoConnectionBody) => ({
    name: body.name,
    issuer: body.issuer,
    clientId: body.client_id,
    clientSecret: body.client_secret,
    emailDomains: [...new Set(body.email_domains)],
    claimEmail: body.claims.email,
    claimName: body.claims.name,
    claimGroups: body.claims.groups,
    jitEnabled: body.jit.enabled,
    jitRoleId: body.jit.role_id,
    jitLocationIds: body.jit.location_ids,
    roleMappings: body.role_mappings.map(
      (m): SsoRoleMapping => ({ group: m.group, roleId: m.role_id, locationIds: m.location_ids }),
    ),
    requireSso: body.require_sso,
    breakGlassUserIds: [...new Set(body.break_glass_user_ids)],
  });

  /** What the audit log keeps of a connection: everything but the secret. */
  const audited = (row: SsoConnectionRow) => {
    const { client_secret_set, redirect_uri: _r, created_at: _c, updated_at: _u, ...rest } = present(row);
    return { ...rest, client_secret_set };
  };

  /** Ends every session and integration token of these people (they lost their way in through the provider). */
  async function endAccess(userIds: readonly number[], tx: Tx) {
    for (const id of userIds) {
      await users.revokeUserSessions(id, now(), undefined, tx);
      await deps.apiTokens.revokeUserTokens(id, now(), tx);
    }
  }

  return {
    present,
    endAccess,

    async list(ctx: AuthContext, organizationId: number) {
      const scope = manageScope(ctx, organizationId);
      if (scope.kind === 'all' && !(await deps.apiTokens.organizationExists(organizationId)))
        throw new AppError(404, 'not_found');
      return (await repo.list(scope, organizationId)).map(present);
    },

    async create(ctx: AuthContext, organizationId: number, body: SsoConnectionBody) {
      const scope = manageScope(ctx, organizationId);
      if (scope.kind === 'all' && !(await deps.apiTokens.organizationExists(organizationId)))
        throw new AppError(404, 'not_found');
      await check(ctx, organizationId, body, null);
      const row = await audit.recordChange(
        db,
        auditActor(ctx),
        (tx) => repo.insert({ organizationId, ...valuesOf(body), updatedAt: now() }, tx),
        (created) => ({
          organizationId,
          action: 'sso_connection.create',
          subjectType: 'sso_connection',
          subjectId: created.id,
          after: audited(created),
        }),
      );
      return present(row);
    },

    async update(ctx: AuthContext, id: number, patch: SsoConnectionPatch) {
      const scope = manageScope(ctx);
      const row = await repo.find(scope, id);
      if (!row) throw new AppError(404, 'not_found');
      const current = present(row);
      const next: SsoConnectionBody = {
        name: patch.name ?? current.name,
        issuer: patch.issuer ?? current.issuer,
        client_id: patch.client_id ?? current.client_id,
        client_secret: patch.client_secret !== undefined ? patch.client_secret : row.clientSecret,
        email_domains: patch.email_domains ?? current.email_domains,
        claims: patch.claims ?? current.claims,
        jit: patch.jit ?? current.jit,
        role_mappings: patch.role_mappings ?? current.role_mappings,
        require_sso: patch.require_sso ?? current.require_sso,
        break_glass_user_ids: patch.break_glass_user_ids ?? current.break_glass_user_ids,
      };
      await check(ctx, row.organizationId, next, row.id);
      const updated = await audit.recordChange(
        db,
        auditActor(ctx),
        (tx) => repo.update(row.id, { ...valuesOf(next), updatedAt: now() }, tx),
        (changed) => ({
          organizationId: row.organizationId,
          action: 'sso_connection.update',
          subjectType: 'sso_connection',
          subjectId: row.id,
          before: audited(row),
          after: { ...audited(changed), client_secret_changed: patch.client_secret !== undefined },
        }),
      );
      return present(updated);
    },

    /** Removes the connection; the people who signed in through it lose their sessions and tokens at once. */
    async remove(ctx: AuthContext, id: number) {
      const scope = manageScope(ctx);
      const row = await repo.find(scope, id);
      if (!row) throw new AppError(404, 'not_found');
      const linked = await db.transaction(async (tx) => {
        const userIds = await repo.remove(row.id, tx);
        await endAccess(userIds, tx);
        await audit.recordBy(
          auditActor(ctx),
          {
            organizationId: row.organizationId,
            action: 'sso_connection.delete',
            subjectType: 'sso_connection',
            subjectId: row.id,
            before: audited(row),
            after: { sessions_ended_for: userIds },
          },
          tx,
        );
        return userIds;
      });
      if (linked.length > 0) deps.bus.emit('auth.changed', { userIds: linked, disconnect: true });
    },
  };
}
