import type { SetupBody } from '@rcm/shared/accounts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditRepo, personActor } from '../audit/repo.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { AuthService } from '../auth/service.ts';
import type { SetupRepo } from './repo.ts';

/**
 * First-run setup: on a database with no user, creates the service company, the Administrator role
 * (every permission), the usual Manager, Technician and Viewer roles, and the first user, and signs
 * them in. Afterwards it refuses (409).
 */
export function createSetupService(deps: { db: Db; repo: SetupRepo; audit: AuditRepo; auth: AuthService }) {
  const { db, repo, audit } = deps;
  return {
    needed: async () => !(await repo.anyUser()),

    async setup(body: SetupBody) {
      if (await repo.anyUser()) throw new AppError(409, 'setup_done');
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        await repo.lockSetup(tx);
        if (await repo.anyUser(tx)) throw new AppError(409, 'setup_done');
        const organization = await repo.insertOrganization(tx, body.organization_name);
        const role = await repo.administratorRole(tx);
        await repo.ensureStandardRoles(tx);
        const userId = await repo.insertUser(tx, {
          name: body.name,
          email: body.email,
          passwordHash,
          language: body.locale ?? 'en-US',
          organizationId: organization.id,
          roleId: role.id,
        });
        await audit.recordBy(
          personActor(userId),
          {
            organizationId: organization.id,
            action: 'setup.complete',
            subjectType: 'user',
            subjectId: userId,
            after: { organization: organization.name, name: body.name, email: body.email, role: role.name },
          },
          tx,
        );
      });
      return deps.auth.login({ email: body.email, password: body.password });
    },
  };
}

export type SetupService = ReturnType<typeof createSetupService>;
