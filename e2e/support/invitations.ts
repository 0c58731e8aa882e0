import type { APIRequestContext } from '@playwright/test';
import { apiAs } from './api.ts';

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
