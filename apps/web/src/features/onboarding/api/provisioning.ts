import type { ProvisioningSettings } from '@rcm/shared/provisioning';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { onboardingKeys } from './keys.ts';

/** How controllers connect, with the provisioning key (administrators; anyone else gets 403). */
export const provisioningQuery = () =>
  queryOptions({
    queryKey: onboardingKeys.provisioning,
    queryFn: () => api<{ data: ProvisioningSettings }>('settings/provisioning').then((r) => r.data),
    retry: false,
  });

export const rotateProvisioningKey = () =>
  api<{ data: ProvisioningSettings }>('settings/provisioning/rotate', { method: 'POST' }).then((r) => r.data);
