import { pageMeta } from '@rcm/shared/pagination';
import { idParams } from '@rcm/shared/params';
import {
  SUPPORT_GRANT_MAX_DAYS,
  type SupportGrant,
  type SupportGrantBody,
  type SupportGrantees,
  type SupportGrantList,
  type SupportGrantListQuery,
  supportGrant,
  supportGrantBody,
  supportGrantees,
  supportGrantList,
  supportGrantListQuery,
} from '@rcm/shared/support-grants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../lib/errors.ts';
import type { FieldMessageKey } from '../../lib/messages.ts';
import { toIso } from '../../lib/sql.ts';
import { auditActor, type ChangeDeps } from '../audit/repo.ts';
import type { AuthContext } from './context.ts';
import { needs, requireAuth } from './guard.ts';
import type { GrantRow, SupportRepo } from './support-repo.ts';

const DAY_MS = 86_400_000;

const fieldError = (field: string, key: FieldMessageKey) =>
  new AppError(422, 'validation_failed', { fields: [{ field, key }] });

/**
 * An organization's support grants (Organization → Support access): listed, given and ended by its
 * own administrators (`settings_update` in it; another organization, the service company included,
 * gets 404: a grant never extends itself). Ended grants stay, revoked or expired, as the history.
 * Audited `support_grant.created` and `support_grant.revoked` in the organization's log.
 */
export function createSupportGrants(
  deps: ChangeDeps & {
    repo: SupportRepo;
    bus: EventBus;
  },
) {
  const { db, repo, audit, now } = deps;

  /** The people a grant covers hear that their reach changed: the SPA refetches and rejoins its rooms. */
  async function tellGrantees(grant: SupportGrant) {
    const userIds = await repo.granteeUserIds(grant);
    if (userIds.length > 0) deps.bus.emit('auth.changed', { userIds, disconnect: false });
  }

  function own(ctx: AuthContext, organizationId: number) {
    if (!ctx.permissions.has('settings_update')) throw new AppError(403, 'forbidden');
    if (ctx.user.organizationId !== organizationId) throw new AppError(404, 'not_found');
  }

  const present = (r: GrantRow): SupportGrant => {
    const expiresAt = toIso(r.expires_at) ?? '';
    const revokedAt = toIso(r.revoked_at);
    return {
      id: Number(r.id),
      organization_id: Number(r.organization_id),
      grantee_organization:
        r.grantee_organization_id == null
          ? null
          : { id: Number(r.grantee_organization_id), name: r.grantee_organization_name ?? '' },
      grantee_user:
        r.grantee_user_id == null
          ? null
          : { id: Number(r.grantee_user_id), name: r.grantee_user_name ?? '', email: r.grantee_user_email ?? '' },
      reason: r.reason,
      expires_at: expiresAt,
      granted_by: r.granted_by == null ? null : { id: Number(r.granted_by), name: r.granted_by_name ?? '' },
      created_at: toIso(r.created_at) ?? '',
      revoked_at: revokedAt,
      revoked_by: r.revoked_by == null ? null : { id: Number(r.revoked_by), name: r.revoked_by_name ?? '' },
      state: revokedAt ? 'revoked' : new Date(expiresAt) <= now() ? 'expired' : 'active',
    };
  };

  async function find(id: number): Promise<SupportGrant | undefined> {
    const row = await repo.grant(id);
    return row ? present(row) : undefined;
  }

  /** The people outside the organization a grant may name: live accounts whose role reaches other organizations. */
  async function grantees(organizationId: number): Promise<SupportGrantees> {
    const rows = await repo.grantees(organizationId);
    const organizations = new Map<number, string>();
    for (const r of rows) organizations.set(Number(r.org_id), r.org_name);
    return {
      organizations: [...organizations].map(([id, name]) => ({ id, name })),
      users: rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        email: r.email,
        organization: { id: Number(r.org_id), name: r.org_name },
      })),
    };
  }

  return {
    async list(ctx: AuthContext, organizationId: number, q: SupportGrantListQuery): Promise<SupportGrantList> {
      own(ctx, organizationId);
      const { rows, total } = await repo.grantsOf(organizationId, q.page, q.per_page);
      return { data: rows.map(present), meta: pageMeta(q.page, q.per_page, total) };
    },

    async grantees(ctx: AuthContext, organizationId: number): Promise<SupportGrantees> {
      own(ctx, organizationId);
      return grantees(organizationId);
    },

    /** 422 for an expiry past or beyond 30 days, and for a grantee that is not another organization or one of its people. */
    async create(ctx: AuthContext, organizationId: number, body: SupportGrantBody): Promise<SupportGrant> {
      own(ctx, organizationId);
      const expires = new Date(body.expires_at);
      if (expires.getTime() <= now().getTime()) throw fieldError('expires_at', 'expiry_past');
      if (expires.getTime() > now().getTime() + SUPPORT_GRANT_MAX_DAYS * DAY_MS)
        throw fieldError('expires_at', 'grant_too_far');
      if (body.grantee_organization_id !== undefined) {
        if (
          !(await repo.organizationLive(body.grantee_organization_id)) ||
          body.grantee_organization_id === organizationId
        )
          throw fieldError('grantee_organization_id', 'unknown_option');
      }
      if (body.grantee_user_id !== undefined) {
        const userOrganizationId = await repo.userOrganization(body.grantee_user_id);
        if (userOrganizationId === null || userOrganizationId === organizationId)
          throw fieldError('grantee_user_id', 'unknown_option');
      }
      const id = await audit.recordChange(
        db,
        auditActor(ctx),
        (tx) =>
          repo.insertGrant(
            {
              organizationId,
              granteeOrganizationId: body.grantee_organization_id ?? null,
              granteeUserId: body.grantee_user_id ?? null,
              reason: body.reason,
              expiresAt: expires,
              grantedBy: ctx.user.id,
              createdAt: now(),
            },
            tx,
          ),
        (grantId) => ({
          organizationId,
          action: 'support_grant.created',
          subjectType: 'support_grant',
          subjectId: grantId,
          after: {
            grantee_organization_id: body.grantee_organization_id ?? null,
            grantee_user_id: body.grantee_user_id ?? null,
            expires_at: expires.toISOString(),
            reason: body.reason,
          },
        }),
      );
      const created = await find(id);
      if (!created) throw new AppError(404, 'not_found');
      await tellGrantees(created);
      return created;
    },

    /** Ends a grant at once (its row stays, revoked); 404 for another organization's, 409 for one already ended. */
    async revoke(ctx: AuthContext, id: number): Promise<SupportGrant> {
      if (!ctx.permissions.has('settings_update')) throw new AppError(403, 'forbidden');
      const grant = await find(id);
      if (!grant || grant.organization_id !== ctx.user.organizationId) throw new AppError(404, 'not_found');
      if (grant.state !== 'active') throw new AppError(409, 'conflict');
      await audit.recordChange(db, auditActor(ctx), (tx) => repo.revokeGrant(id, { at: now(), by: ctx.user.id }, tx), {
        organizationId: grant.organization_id,
        action: 'support_grant.revoked',
        subjectType: 'support_grant',
        subjectId: id,
        before: { expires_at: grant.expires_at },
      });
      const ended = await find(id);
      if (!ended) throw new AppError(404, 'not_found');
      await tellGrantees(ended);
      return ended;
    },
  };
}

export type SupportGrantsService = ReturnType<typeof createSupportGrants>;

export function supportGrantRoutes(deps: { grants: SupportGrantsService }): FastifyPluginAsyncZod {
  const { grants } = deps;
  const manage = { personOnly: true as const, ...needs('supportGrant.manage') };
  const one = z.object({ data: supportGrant });
  return async (app) => {
    app.get(
      '/organizations/:id/support-grants',
      {
        config: manage,
        schema: { params: idParams, querystring: supportGrantListQuery, response: { 200: supportGrantList } },
      },
      async (request) => grants.list(requireAuth(request), request.params.id, request.query),
    );

    app.get(
      '/organizations/:id/support-grantees',
      { config: manage, schema: { params: idParams, response: { 200: z.object({ data: supportGrantees }) } } },
      async (request) => ({ data: await grants.grantees(requireAuth(request), request.params.id) }),
    );

    app.post(
      '/organizations/:id/support-grants',
      { config: manage, schema: { params: idParams, body: supportGrantBody, response: { 201: one } } },
      async (request, reply) =>
        reply.status(201).send({ data: await grants.create(requireAuth(request), request.params.id, request.body) }),
    );

    app.delete(
      '/support-grants/:id',
      { config: manage, schema: { params: idParams, response: { 200: one } } },
      async (request) => ({ data: await grants.revoke(requireAuth(request), request.params.id) }),
    );
  };
}
