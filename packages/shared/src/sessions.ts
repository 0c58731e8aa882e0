import { z } from 'zod';

/** The own account's sessions (Account → Sessions): the API both sides read. */

export const SESSION_METHODS = ['password', 'sso', 'passkey', 'token'] as const;
export type SessionMethod = (typeof SESSION_METHODS)[number];

export const accountSession = z.object({
  id: z.number().int(),
  created_at: z.string(),
  last_used_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  method: z.enum(SESSION_METHODS),
  /** The session this request came with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;
