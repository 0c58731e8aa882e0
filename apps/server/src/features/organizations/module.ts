import type { Db } from '../../db/client.ts';
import type { AuditRepo } from '../audit/repo.ts';
import type { AuthService } from '../auth/service.ts';
import { enqueueEmail } from '../notifications/outbox-repo.ts';
import { createNotificationsRepo } from '../notifications/repo.ts';
import { createInvitationsService } from './invitations-service.ts';
import { createLocationsRepo } from './locations-repo.ts';
import { createMembersRepo } from './members-repo.ts';
import { createRemovalRepo } from './removal-repo.ts';
import { createRemovalService } from './removal-service.ts';
import { createOrganizationsRepo } from './repo.ts';
import { organizationRoutes } from './routes.ts';
import { createOrganizationsService } from './service.ts';

/** Builds the organizations area (repos, services) and returns its routes plugin. */
export function organizationsModule(deps: {
  db: Db;
  audit: AuditRepo;
  auth: AuthService;
  now?: () => Date;
  /** Where invitation links point; unset: the address the inviter's request came to. */
  publicUrl?: string;
}) {
  const { db, audit, now } = deps;
  const repo = createOrganizationsRepo(db);
  const locations = createLocationsRepo(db);
  const members = createMembersRepo(db);
  const service = createOrganizationsService({ repo, locations, members, audit, now });
  const removal = createRemovalService({ repo, locations, removal: createRemovalRepo(db), audit, now });
  const invitations = createInvitationsService({
    db,
    repo,
    locations,
    members,
    audit,
    auth: deps.auth,
    now,
    // The outbox takes the root db or a transaction (its contract); drizzle's types name them apart.
    enqueueEmail: (tx, email) => enqueueEmail(tx as Db, email),
    findEmails: createNotificationsRepo(db).emailsByIds,
  });
  return organizationRoutes({
    repo,
    service,
    removal,
    invitations,
    publicUrl: deps.publicUrl,
    present: deps.auth.present,
  });
}
