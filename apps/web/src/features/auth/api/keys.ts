/** The signed-out pages' query keys: first-run setup, a password link by its token. */
export const authKeys = {
  setup: ['setup'] as const,
  passwordLink: (token: string) => ['password-link', token] as const,
};
