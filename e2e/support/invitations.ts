import { type APIRequestContext, expect } from '@playwright/test';
import { type Api, apiAs } from './api.ts';
import { DEMO, PASSWORD } from './fixtures.ts';

type PendingInvitation = { email: string; message: { text: string } | null };

/**
 * The accept link of a pending invitation, read the way an administrator can: the organization's
 * pending invitations (organization_edit) carry the email as it was sent.
 */
export async function invitationLink(
  request: APIRequestContext,
  baseURL: string,
  adminEmail: string,
  organizationId: number,
  inviteeEmail: string,
): Promise<string> {
  const api = await apiAs(request, baseURL, adminEmail);
  const { data } = await api.get<{ data: PendingInvitation[] }>(`organizations/${organizationId}/invitations`);
  const text = data.find((i) => i.email === inviteeEmail)?.message?.text ?? '';
  const match = /https?:\/\/\S+(\/user\/invitation\/[A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no invitation email for ${inviteeEmail}`);
  return match[1];
}

/**
 * A new member of an organization, signed up as a user would be: `admin` invites them (English, all
 * locations, this role) and they accept the emailed link with their name and PASSWORD.
 */
export async function inviteAndAccept(
  request: APIRequestContext,
  baseURL: string,
  admin: Api,
  organizationId: number,
  member: { email: string; roleId: number | undefined; name: string },
): Promise<void> {
  const invite = await admin.post(`organizations/${organizationId}/members`, {
    email: member.email,
    language: 'en-US',
    role_id: member.roleId,
    all_locations: true,
  });
  expect(invite.status()).toBe(201);
  const link = await invitationLink(request, baseURL, DEMO.admin, organizationId, member.email);
  const accepted = await request.post(`${baseURL}/api/invitations/${link.split('/').pop()}/accept`, {
    data: { name: member.name, password: PASSWORD },
  });
  expect(accepted.ok()).toBe(true);
}
