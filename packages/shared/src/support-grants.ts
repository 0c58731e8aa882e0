import { z } from 'zod';
import { pagedList, pageQuery } from './pagination.ts';
import { bodyId } from './params.ts';

/**
 * Support grants (Organization → Support access): where an organization's security policy says
 * `support_access: grant`, people of other organizations reach it only while a grant covers them.
 */

/** A grant lasts at most this long from the moment it is given. */
export const SUPPORT_GRANT_MAX_DAYS = 30;

/** Why someone outside the organization is let in (or signs in as one of its people). */
export const supportReason = z.string().trim().min(1).max(500);

/**
 * `POST /api/organizations/{id}/support-grants`: whom the grant covers (exactly one of an
 * organization or a person), until when, and why.
 */
export const supportGrantBody = z
  .object({
    grantee_organization_id: bodyId.optional(),
    grantee_user_id: bodyId.optional(),
    /** In the future, at most SUPPORT_GRANT_MAX_DAYS ahead. */
    expires_at: z.iso.datetime({ offset: true }),
    reason: supportReason,
  })
  .refine((b) => (b.grantee_organization_id === undefined) !== (b.grantee_user_id === undefined), {
    message: 'required',
    path: ['grantee_organization_id'],
  });
export type SupportGrantBody = z.infer<typeof supportGrantBody>;

const named = z.object({ id: z.number().int(), name: z.string() });

/** Active while neither revoked nor expired. */
export const SUPPORT_GRANT_STATES = ['active', 'expired', 'revoked'] as const;
export type SupportGrantState = (typeof SUPPORT_GRANT_STATES)[number];

export const supportGrant = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  grantee_organization: named.nullable(),
  grantee_user: named.extend({ email: z.string() }).nullable(),
  reason: z.string(),
  expires_at: z.string(),
  granted_by: named.nullable(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  revoked_by: named.nullable(),
  state: z.enum(SUPPORT_GRANT_STATES),
});
export type SupportGrant = z.infer<typeof supportGrant>;

/** `GET /api/organizations/{id}/support-grants`: newest first, paged (the list is the history). */
export const supportGrantListQuery = pageQuery(25);
export type SupportGrantListQuery = z.infer<typeof supportGrantListQuery>;

export const supportGrantList = pagedList(supportGrant);
export type SupportGrantList = z.infer<typeof supportGrantList>;

/**
 * Whom a grant may name (`GET /api/organizations/{id}/support-grantees`): the other organizations
 * whose people reach beyond their own organization, and those people.
 */
export const supportGrantees = z.object({
  organizations: z.array(named),
  users: z.array(named.extend({ email: z.string(), organization: named })),
});
export type SupportGrantees = z.infer<typeof supportGrantees>;
