/** The integration tokens' and single sign-on connections' query keys. */
export const identityKeys = {
  apiTokensAll: ['identity', 'api-tokens'] as const,
  apiTokens: (page: number) => ['identity', 'api-tokens', page] as const,
  sso: (organizationId: number) => ['identity', 'sso', organizationId] as const,
};
