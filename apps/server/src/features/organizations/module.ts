import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { FeatureContext } from '../context.ts';
import { createNotificationsRepo } from '../notifications/repo.ts';
import { createInvitationsService } from './invitations-service.ts';
import { createLocationsRepo } from './locations-repo.ts';
import { createMembersRepo } from './members-repo.ts';
import { createRemovalRepo } from './removal-repo.ts';
import { createRemovalService } from './removal-service.ts';
import { createOrganizationsRepo } from './repo.ts';
import { organizationRoutes } from './routes.ts';
import { createOrganizationsService } from './service.ts';

/** Organizations, their locations and members, removal and invitations. */
/** The organizations' answers other features are built with (app.ts puts them in the feature context). */
export function createDirectory(db: Db): FeatureContext['shared']['directory'] {
  const locations = createLocationsRepo(db);
  const members = createMembersRepo(db);
  return {
    locationIdsInOrganization: (organizationId, ids) => locations.idsInOrganization(organizationId, ids),
    setLocations: (userId, all, ids, tx) => members.setLocations(userId, all, ids, tx),
  };
}

export function organizationsModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const { db, audit, auth, now } = ctx;
  const repo = createOrganizationsRepo(db);
  const locations = createLocationsRepo(db);
  const members = createMembersRepo(db);
  const service = createOrganizationsService({ db, repo, locations, members, audit, now });
  const removal = createRemovalService({ repo, locations, removal: createRemovalRepo(db), audit, now });
  const invitations = createInvitationsService({
    db,
    repo,
    locations,
    members,
    audit,
    auth,
    now,
    outbox: ctx.shared.outbox,
    findEmails: createNotificationsRepo(db).emailsByIds,
  });
  return organizationRoutes({
    repo,
    service,
    removal,
    invitations,
    // Where invitation links point; unset: the address the inviter's request came to.
    publicUrl: ctx.config.PUBLIC_URL,
    present: auth.present,
  });
}
