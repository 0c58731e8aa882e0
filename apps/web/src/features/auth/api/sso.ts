import type { SsoDiscovery } from '@rcm/shared/sso';
import { api } from '@/lib/api-client.ts';

/** The single sign-on connection that serves this address's domain, or null. */
export function discoverSso(email: string): Promise<SsoDiscovery> {
  return api<{ data: SsoDiscovery }>(`auth/sso/discover?email=${encodeURIComponent(email.trim())}`).then((r) => r.data);
}

/** Where the browser goes to sign in at the provider (the server answers with a redirect to it). */
export function ssoStartUrl(connectionId: number, returnTo: string): string {
  return `/api/auth/sso/${connectionId}/start?return_to=${encodeURIComponent(returnTo)}`;
}
