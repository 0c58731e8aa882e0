/** The onboarding's query keys: the provisioning details sit under `settings`, where administrators also see them. */
export const onboardingKeys = {
  provisioning: ['settings', 'provisioning'] as const,
};
