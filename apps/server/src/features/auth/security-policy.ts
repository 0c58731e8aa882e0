import { type SecurityPolicy, type SecurityPolicyAnswer, securityPolicy, securityPolicyAnswer } from '@rcm/shared/mfa';
import { idParams } from '@rcm/shared/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditRepo, auditActor } from '../audit/repo.ts';
import type { AuthContext } from './context.ts';
import { needs, requireAuth } from './guard.ts';
import type { MfaRepo } from './mfa-repo.ts';
import { toPolicy } from './mfa-rules.ts';
import { holdsOrganization, requireScope } from './scope.ts';

/**
 * An organization's security policy (Organization → Security): who needs a second factor, which
 * kinds, the session limits the server enforces on every request (auth/contexts.ts `beyondLimits`),
 * and whether people of other organizations reach it (`support_access`, changed by the organization's
 * own people only). Read with `settings_view`, changed with `settings_update`, within the caller's
 * organizations (404 for another one); a token manages no policy.
 */
export function createSecurityPolicy(deps: { db: Db; repo: MfaRepo; audit: AuditRepo; now: () => Date }) {
  const { db, repo, audit, now } = deps;

  async function reachable(
    ctx: AuthContext,
    organizationId: number,
    action: 'securityPolicy.view' | 'securityPolicy.edit',
  ) {
    const scope = requireScope(ctx, 'settings', action);
    if (!holdsOrganization(scope, organizationId)) throw new AppError(404, 'not_found');
    if (!(await repo.organizationExists(organizationId))) throw new AppError(404, 'not_found');
  }

  const answer = (organizationId: number, policy: SecurityPolicy, updatedAt: Date | null): SecurityPolicyAnswer => ({
    organization_id: organizationId,
    ...policy,
    updated_at: updatedAt?.toISOString() ?? null,
  });

  return {
    async get(ctx: AuthContext, organizationId: number): Promise<SecurityPolicyAnswer> {
      await reachable(ctx, organizationId, 'securityPolicy.view');
      const row = await repo.policyOf(organizationId);
      return answer(organizationId, toPolicy(row), row?.updatedAt ?? null);
    },

    /** 422 for a role that does not exist, or `roles` without one; audited with what changed. */
    async put(ctx: AuthContext, organizationId: number, body: SecurityPolicy): Promise<SecurityPolicyAnswer> {
      await reachable(ctx, organizationId, 'securityPolicy.edit');
      const roleIds = body.require_mfa === 'roles' ? [...new Set(body.require_mfa_role_ids)] : [];
      if (body.require_mfa === 'roles' && roleIds.length === 0)
        throw new AppError(422, 'validation_failed', {
          fields: [{ field: 'require_mfa_role_ids', key: 'unknown_option' }],
        });
      if (roleIds.length > 0) {
        if ((await repo.liveRoleCount(roleIds)) !== roleIds.length)
          throw new AppError(422, 'validation_failed', {
            fields: [{ field: 'require_mfa_role_ids', key: 'unknown_option' }],
          });
      }
      const policy: SecurityPolicy = {
        ...body,
        require_mfa_role_ids: roleIds,
        allowed_methods: [...new Set(body.allowed_methods)],
      };
      return db.transaction(async (tx) => {
        const before = toPolicy(await repo.policyOf(organizationId, tx));
        // Who else may reach the organization is its own people's decision: a grantee never widens it.
        if (ctx.user.organizationId !== organizationId && before.support_access !== policy.support_access)
          throw new AppError(403, 'forbidden');
        const row = await repo.upsertPolicy(
          {
            organizationId,
            requireMfa: policy.require_mfa,
            requireMfaRoleIds: policy.require_mfa_role_ids,
            allowedMethods: policy.allowed_methods,
            sessionIdleMinutes: policy.session_idle_minutes,
            sessionMaxHours: policy.session_max_hours,
            supportAccess: policy.support_access,
            updatedBy: ctx.user.id,
            updatedAt: now(),
          },
          tx,
        );
        await audit.recordBy(
          auditActor(ctx),
          {
            organizationId,
            action: 'organization.security_policy',
            subjectType: 'organization',
            subjectId: organizationId,
            before,
            after: policy,
          },
          tx,
        );
        return answer(organizationId, toPolicy(row), row.updatedAt);
      });
    },
  };
}

export type SecurityPolicyService = ReturnType<typeof createSecurityPolicy>;

const policyAnswer = { 200: z.object({ data: securityPolicyAnswer }) };

export function securityPolicyRoutes(deps: { policies: SecurityPolicyService }): FastifyPluginAsyncZod {
  const { policies } = deps;
  return async (app) => {
    app.get(
      '/organizations/:id/security-policy',
      {
        config: { personOnly: true, ...needs('securityPolicy.view') },
        schema: { params: idParams, response: policyAnswer },
      },
      async (request) => ({ data: await policies.get(requireAuth(request), request.params.id) }),
    );

    app.put(
      '/organizations/:id/security-policy',
      {
        config: { personOnly: true, ...needs('securityPolicy.edit') },
        schema: { params: idParams, body: securityPolicy, response: policyAnswer },
      },
      async (request) => ({ data: await policies.put(requireAuth(request), request.params.id, request.body) }),
    );
  };
}
