import { z } from 'zod';
import { alarmSummary } from './alarms.ts';
import { LOCALES } from './locale.ts';

/** `GET/POST /api/ack-links/{token}`: the alarm a one-tap acknowledge link stands for, and its person. */
export const ackLinkView = z.object({
  alarm: alarmSummary,
  /** The person the link stands for; the page speaks their language. */
  user: z.object({ name: z.string(), locale: z.enum(LOCALES) }),
  expires_at: z.string(),
  used_at: z.string().nullable(),
});
export type AckLinkView = z.infer<typeof ackLinkView>;

/** A link's token as it appears in `/a/{token}` (43 base64url characters; anything else is unknown). */
export const ackLinkParams = z.object({ token: z.string().max(200) });
