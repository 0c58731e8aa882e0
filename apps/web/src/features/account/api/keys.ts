/** The account page's query keys: `all` covers its sessions and second factors. */
export const accountKeys = {
  all: ['account'] as const,
  sessions: ['account', 'sessions'] as const,
  mfa: ['account', 'mfa'] as const,
  /** An organization's security policy (Organization → Security). */
  securityPolicy: (organizationId: number) => ['organizations', organizationId, 'security-policy'] as const,
};
