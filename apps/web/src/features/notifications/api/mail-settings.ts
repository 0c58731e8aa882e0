import type { MailSettings, MailTestBody } from '@rcm/shared/mail';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRead } from '@/lib/api-client.ts';
import { notificationKeys } from './keys.ts';

/** How the installation sends email (administrators): the page, and the shell's banner. */
export const mailSettingsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.mailSettings,
    ...apiRead<{ data: MailSettings }, MailSettings>('settings/email', (r) => r.data),
    retry: false,
    staleTime: 60_000,
  });

/** Sends a test message through the mail server at once; the answer says whether the server took it. */
export const sendTestEmail = (body: MailTestBody) =>
  api<{ data: { sent: boolean; error: string | null } }>('settings/email/test', { method: 'POST', body }).then(
    (r) => r.data,
  );

/** No channel works: no mail server, or the last message was given up after the last one accepted. */
export function mailNotWorking(s: MailSettings): 'none' | 'failing' | null {
  if (s.transport === 'none') return 'none';
  if (s.last_failure && (!s.last_sent_at || s.last_failure.at > s.last_sent_at)) return 'failing';
  return null;
}
