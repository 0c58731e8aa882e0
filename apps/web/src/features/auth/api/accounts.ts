import type {
  ForgotPasswordBody,
  PasswordTokenPreview,
  ResetPasswordBody,
  SetupBody,
  SetupStatus,
} from '@rcm/shared/accounts';
import type { AuthUser } from '@rcm/shared/auth';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { authKeys } from './keys.ts';

/** Whether the console still needs its first administrator (public). */
export const fetchSetupStatus = () => api<{ data: SetupStatus }>('setup').then((r) => r.data);

export const setupStatusQuery = () =>
  queryOptions({
    queryKey: authKeys.setup,
    queryFn: fetchSetupStatus,
    staleTime: 0,
    retry: false,
  });

/** Creates the first administrator; the answer's token signs them in (api-client stores it). */
export const runSetup = (body: SetupBody) =>
  api<{ data: AuthUser }>('setup', { method: 'POST', body }).then((r) => r.data);

export const requestPasswordReset = (body: ForgotPasswordBody) =>
  api<{ data: { ok: true } }>('auth/forgot-password', { method: 'POST', body });

export const passwordLinkQuery = (token: string) =>
  queryOptions({
    queryKey: authKeys.passwordLink(token),
    queryFn: () =>
      api<{ data: PasswordTokenPreview }>('auth/reset-password/check', { method: 'POST', body: { token } }).then(
        (r) => r.data,
      ),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const resetPassword = (body: ResetPasswordBody) =>
  api<{ data: { ok: true } }>('auth/reset-password', { method: 'POST', body });
