import { API_TOKEN_MAX_DAYS, API_TOKEN_PREFIX, type ApiToken, type ApiTokenBody } from '@rcm/shared/api-tokens';
import { pageMeta } from '@rcm/shared/pagination';
import type { Permission } from '@rcm/shared/permissions';
import { AppError } from '../../lib/errors.ts';
import type { FieldMessageKey } from '../../lib/messages.ts';
import { auditActor, type ChangeDeps } from '../audit/repo.ts';
import type { ApiTokenRow, ApiTokensRepo } from './api-tokens-repo.ts';
import type { SessionContext } from './context.ts';
import type { Reauth } from './reauth.ts';
import { reachesOrganization, requireScope } from './scope.ts';
import { tokenRights } from './token-rights.ts';
import { hashToken, newToken } from './tokens.ts';

const DAY_MS = 86_400_000;

const fieldError = (field: string, key: FieldMessageKey) =>
  new AppError(422, 'validation_failed', { fields: [{ field, key }] });

function present(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    organization_id: row.organizationId,
    organization:
      row.organizationId !== null && row.organizationName !== null
        ? { id: row.organizationId, name: row.organizationName }
        : null,
    permissions: row.permissions as Permission[],
    location_ids: row.locationIds,
    created_by: { id: row.userId, name: row.creatorName },
    expires_at: row.expiresAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Integration tokens as settings manage them (`settings_update`): listed and revoked within the
 * caller's settings scope (by their creator's organization), created only by a person who has just
 * re-authenticated, with nothing the creator does not hold.
 */
export function createApiTokensService(
  deps: ChangeDeps & {
    repo: ApiTokensRepo;
    reauth: Reauth;
    locationIdsInOrganization: (organizationId: number, ids: readonly number[]) => Promise<number[]>;
    organizationExists: (id: number) => Promise<boolean>;
  },
) {
  const { db, repo, reauth, audit, now } = deps;
  const scopeOf = (ctx: SessionContext) => requireScope(ctx, 'settings', 'apiToken.manage');

  /** 422 unless what the body names is within what the creator holds now. */
  async function checkGrant(ctx: SessionContext, body: ApiTokenBody): Promise<void> {
    const expires = new Date(body.expires_at).getTime();
    if (expires <= now().getTime()) throw fieldError('expires_at', 'expiry_past');
    if (expires > now().getTime() + API_TOKEN_MAX_DAYS * DAY_MS) throw fieldError('expires_at', 'expiry_too_far');
    const seesAll = ctx.permissions.has('organization_view_all');
    if (body.organization_id === null) {
      if (!seesAll) throw fieldError('organization_id', 'organization_not_allowed');
      if (body.location_ids !== null) throw fieldError('location_ids', 'location_not_in_organization');
    } else if (body.organization_id !== ctx.user.organizationId) {
      if (!seesAll || !reachesOrganization(ctx, body.organization_id))
        throw fieldError('organization_id', 'organization_not_allowed');
      if (!(await deps.organizationExists(body.organization_id))) throw fieldError('organization_id', 'unknown_option');
    }
    for (const p of body.permissions) {
      if (!ctx.permissions.has(p)) throw fieldError('permissions', 'permission_not_grantable');
    }
    const grant = {
      organizationId: body.organization_id,
      permissions: body.permissions,
      locationIds: body.location_ids,
    };
    const rights = tokenRights(grant, {
      organizationId: ctx.user.organizationId,
      permissions: [...ctx.permissions],
      locationIds: ctx.locationIds,
      disabled: false,
    });
    // What the creator holds but a token never carries (impersonation, the all-organizations keys of an organization's token).
    if (!rights || body.permissions.some((p) => !rights.permissions.has(p)))
      throw fieldError('permissions', 'permission_not_for_tokens');
    if (body.organization_id !== null && body.location_ids !== null) {
      const known = await deps.locationIdsInOrganization(body.organization_id, body.location_ids);
      const reach = rights.locationIds;
      const ok = body.location_ids.every((id) => known.includes(id) && (reach === 'all' || reach.includes(id)));
      if (!ok) throw fieldError('location_ids', 'location_not_in_organization');
    }
  }

  return {
    async list(ctx: SessionContext, page: number, perPage: number) {
      const { rows, total } = await repo.list(scopeOf(ctx), page, perPage);
      return { data: rows.map(present), meta: pageMeta(page, perPage, total) };
    },

    /** The token is answered here once; only its hash is kept. */
    async create(ctx: SessionContext, body: ApiTokenBody): Promise<{ data: ApiToken; token: string }> {
      const scope = scopeOf(ctx);
      await checkGrant(ctx, body);
      const token = `${API_TOKEN_PREFIX}${newToken()}`;
      const id = await db.transaction(async (tx) => {
        await reauth.consume(ctx, body.reauth_token, tx);
        const created = await repo.insert(
          {
            name: body.name,
            tokenHash: hashToken(token),
            userId: ctx.user.id,
            organizationId: body.organization_id,
            permissions: [...new Set(body.permissions)],
            locationIds: body.location_ids,
            expiresAt: new Date(body.expires_at),
          },
          tx,
        );
        await audit.recordBy(
          auditActor(ctx),
          {
            organizationId: body.organization_id ?? ctx.user.organizationId,
            action: 'token.created',
            subjectType: 'api_token',
            subjectId: created,
            after: {
              name: body.name,
              organization_id: body.organization_id,
              permissions: body.permissions,
              location_ids: body.location_ids,
              expires_at: body.expires_at,
            },
          },
          tx,
        );
        return created;
      });
      const row = await repo.find(scope, id);
      if (!row) throw new AppError(404, 'not_found');
      return { data: present(row), token };
    },

    /** Revoked at once: the next request with it is 401. */
    async revoke(ctx: SessionContext, id: number): Promise<void> {
      const row = await repo.find(scopeOf(ctx), id);
      if (!row) throw new AppError(404, 'not_found');
      await audit.recordChange(db, auditActor(ctx), (tx) => repo.revoke(id, now(), tx), {
        organizationId: row.organizationId ?? row.creatorOrganizationId,
        action: 'token.revoked',
        subjectType: 'api_token',
        subjectId: id,
        before: { name: row.name },
      });
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
