import { normalizeLocale } from '@rcm/shared/locale';
import type { AcceptInvitationBody, Invitation, InvitationBody } from '@rcm/shared/organizations';
import { AppError } from '../../lib/errors.ts';
import { auditActor, type ChangeDeps, personActor } from '../audit/repo.ts';
import { can } from '../auth/can.ts';
import { hashPassword } from '../auth/passwords.ts';
import { holdsOrganization, scopeFor } from '../auth/scope.ts';
import type { AuthContext, AuthService } from '../auth/service.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { EmailOutboxRepo } from '../mail/outbox-repo.ts';
import { requireOrganizationWrite } from './access.ts';
import { renderInvitationEmail } from './invitation-email.ts';
import type { LocationsRepo } from './locations-repo.ts';
import type { MembersRepo } from './members-repo.ts';
import type { OrganizationsRepo } from './repo.ts';
import { checkLocationIds } from './service.ts';

export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

export type SentEmail = { id: number; subject: string; text: string; status: string };

export type InvitationsDeps = ChangeDeps & {
  repo: OrganizationsRepo;
  locations: LocationsRepo;
  members: MembersRepo;
  auth: AuthService;
  /** The email outbox the invitation is queued in. */
  outbox: Pick<EmailOutboxRepo, 'enqueue'>;
  /** The recorded emails by id (email_messages), shown with pending invitations. */
  findEmails: (ids: number[]) => Promise<SentEmail[]>;
};

const invalid = () => new AppError(410, 'invitation_invalid');

export function createInvitationsService(deps: InvitationsDeps) {
  const { db, repo, locations, members, audit, now } = deps;

  /** A live invitation for this token, or 410 (unknown, used, revoked or expired all look the same). */
  async function live(token: string) {
    if (!token || token.length > 200) throw invalid();
    const row = await members.findInvitationByToken(hashToken(token));
    if (!row || row.acceptedAt || row.revokedAt || row.expiresAt <= now()) throw invalid();
    return row;
  }

  async function pending(ctx: AuthContext, organizationId: number): Promise<Invitation[]> {
    requireOrganizationWrite(ctx, 'organization.edit', organizationId);
    const scope = scopeFor(ctx, 'organizations');
    if (scope && !holdsOrganization(scope, organizationId)) throw new AppError(404, 'not_found');
    if (!(await repo.findById(organizationId))) throw new AppError(404, 'not_found');
    const rows = await members.pendingInvitations(organizationId, now());
    const emailIds = rows.map((r) => r.emailMessageId).filter((v): v is number => v != null);
    const emails = new Map((await deps.findEmails(emailIds)).map((e) => [e.id, e]));
    return rows.map((r) => {
      const email = r.emailMessageId != null ? emails.get(r.emailMessageId) : undefined;
      return {
        id: r.id,
        email: r.email,
        language: normalizeLocale(r.language),
        role: { id: r.roleId, name: r.roleName },
        all_locations: r.allLocations,
        location_ids: r.locationIds,
        expires_at: r.expiresAt.toISOString(),
        created_at: r.createdAt.toISOString(),
        message: email ? { subject: email.subject, text: email.text, status: email.status } : null,
      };
    });
  }

  return {
    /** Roles the caller may grant: none with a permission the caller lacks. */
    async assignableRoles(ctx: AuthContext) {
      const all = await members.roles();
      return all.filter((r) => can(ctx, 'role.assign', r)).map((r) => ({ id: r.id, name: r.name, color: r.color }));
    },

    async invite(ctx: AuthContext, organizationId: number, body: InvitationBody, origin: string) {
      requireOrganizationWrite(ctx, 'organization.edit', organizationId);
      const org = await repo.findById(organizationId);
      if (!org) throw new AppError(404, 'not_found');
      const role = await members.role(body.role_id);
      const grantable = !!role && can(ctx, 'role.assign', role);
      if (!role || !grantable) {
        throw new AppError(422, 'validation_failed', { fields: [{ field: 'role_id', key: 'role_not_assignable' }] });
      }
      if (await members.emailTaken(body.email)) {
        throw new AppError(409, 'conflict', { fields: [{ field: 'email', key: 'email_taken' }] });
      }
      const locationIds = await checkLocationIds(locations, organizationId, body);
      const token = newToken();
      const link = `${origin}/user/invitation/${token}`;
      const mail = renderInvitationEmail({
        locale: body.language,
        organization: org.name,
        inviter: ctx.user.name,
        link,
      });
      const id = await db.transaction(async (tx) => {
        const invitationId = await members.insertInvitation(
          {
            organizationId,
            email: body.email,
            language: body.language,
            roleId: role.id,
            allLocations: body.all_locations,
            locationIds,
            tokenHash: hashToken(token),
            invitedBy: ctx.user.id,
            expiresAt: new Date(now().getTime() + INVITATION_TTL_MS),
          },
          tx,
        );
        const email = await deps.outbox.enqueue(
          { kind: 'invitation', to: body.email, locale: body.language, ...mail },
          tx,
        );
        await members.linkInvitation(invitationId, { emailMessageId: email.id }, tx);
        await audit.recordBy(
          auditActor(ctx),
          {
            organizationId,
            action: 'invitation.create',
            subjectType: 'invitation',
            subjectId: invitationId,
            after: {
              email: body.email,
              language: body.language,
              role_id: role.id,
              all_locations: body.all_locations,
              location_ids: locationIds,
            },
          },
          tx,
        );
        return invitationId;
      });
      const [created] = (await pending(ctx, organizationId)).filter((i) => i.id === id);
      if (!created) throw new Error('invitation not found after insert');
      return created;
    },

    pending,

    async revoke(ctx: AuthContext, organizationId: number, invitationId: number) {
      requireOrganizationWrite(ctx, 'organization.edit', organizationId);
      const row = await members.findInvitation(invitationId);
      if (!row || row.organizationId !== organizationId || row.acceptedAt || row.revokedAt) {
        throw new AppError(404, 'not_found');
      }
      await audit.recordChange(db, auditActor(ctx), (tx) => members.revokeInvitation(invitationId, now(), tx), {
        organizationId,
        action: 'invitation.revoke',
        subjectType: 'invitation',
        subjectId: invitationId,
        before: { email: row.email },
      });
    },

    async preview(token: string) {
      const row = await live(token);
      const org = await repo.findById(row.organizationId);
      if (!org) throw invalid();
      return { email: row.email, organisation: { name: org.name }, language: normalizeLocale(row.language) };
    },

    /** Creates the member, spends the token and signs the new member in. */
    async accept(token: string, body: AcceptInvitationBody) {
      const row = await live(token);
      if (await members.emailTaken(row.email)) {
        throw new AppError(409, 'conflict', { fields: [{ field: 'email', key: 'email_taken' }] });
      }
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        // Spends the token first: of two concurrent accepts, only one updates the row.
        if (!(await members.acceptInvitation(row.id, now(), tx))) throw invalid();
        const userId = await members.insertMember(
          {
            name: body.name,
            email: row.email,
            passwordHash,
            language: row.language,
            organizationId: row.organizationId,
            roleId: row.roleId,
            allLocations: row.allLocations,
          },
          tx,
        );
        await members.setLocations(userId, row.allLocations, row.locationIds, tx);
        await members.linkInvitation(row.id, { userId }, tx);
        await audit.recordBy(
          personActor(userId),
          {
            organizationId: row.organizationId,
            action: 'invitation.accept',
            subjectType: 'invitation',
            subjectId: row.id,
            after: { user_id: userId, email: row.email },
          },
          tx,
        );
        return userId;
      });
      return deps.auth.login({ email: row.email, password: body.password });
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
