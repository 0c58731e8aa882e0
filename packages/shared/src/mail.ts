import { z } from 'zod';

/**
 * Settings → Email: how this installation sends email, without secrets. `smtp`: through SMTP_URL;
 * `none`: no mail server, so nothing leaves the installation (messages are kept, marked not sent).
 */
export const mailSettings = z.object({
  transport: z.enum(['smtp', 'none']),
  /** The SMTP server (host, port, whether TLS from the start, the user name); null without one. */
  smtp: z
    .object({ host: z.string(), port: z.number().int(), secure: z.boolean(), user: z.string().nullable() })
    .nullable(),
  from: z.string(),
  /** Where links in emails point. */
  public_url: z.string(),
  /** The newest message that could not be delivered (after its retries), if any. */
  last_failure: z.object({ at: z.string(), error: z.string() }).nullable(),
  /** The newest message a mail server accepted, if any. */
  last_sent_at: z.string().nullable(),
});
export type MailSettings = z.infer<typeof mailSettings>;

export const mailTestBody = z.object({ to: z.string().trim().toLowerCase().email().max(254) });
export type MailTestBody = z.infer<typeof mailTestBody>;
