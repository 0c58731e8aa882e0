import { z } from 'zod';
import { LOCALES } from './locale.ts';

/**
 * Passwords people pick first when asked for eight characters. A password on this list, or one made of
 * a single repeated character, is refused wherever a password is chosen (setup, reset, invitation,
 * account, the user:create command).
 */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  '11111111',
  '00000000',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwertyui',
  'qwerty123',
  'qwertyuiop',
  'asdfghjk',
  'abcd1234',
  'abc12345',
  '1q2w3e4r',
  'iloveyou',
  'welcome1',
  'letmein1',
  'sunshine',
  'football',
  'baseball',
  'superman',
  'princess',
  'trustno1',
  'admin123',
  'administrator',
  'changeme',
  'contraseña',
  'contrasena',
]);

/** True when a password is too easy to guess to be accepted. */
export function isWeakPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return COMMON_PASSWORDS.has(lower) || new Set(lower).size < 3;
}

/** A password being chosen: 8 to 200 characters and not a common or trivially repeated one. */
export const newPassword = z
  .string()
  .min(8)
  .max(200)
  .refine((p) => !isWeakPassword(p), { message: 'password_weak' });

const email = z.string().trim().toLowerCase().email().max(254);

/** A phone number in E.164 form (`+` and up to 15 digits); spaces, dots, dashes and brackets are dropped. */
export const phoneNumber = z
  .string()
  .trim()
  .max(40)
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .refine((v) => v === '' || /^\+[1-9]\d{6,14}$/.test(v), { message: 'phone_format' });

export const setupStatus = z.object({ needed: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatus>;

/** POST /api/setup: the service company and its first administrator, on a database with no user. */
export const setupBody = z.object({
  organization_name: z.string().trim().min(1).max(120),
  name: z.string().trim().min(1).max(120),
  email,
  password: newPassword,
  locale: z.enum(LOCALES).optional(),
});
export type SetupBody = z.infer<typeof setupBody>;

export const forgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

const token = z.string().min(1).max(200);

export const resetPasswordBody = z.object({ token, password: newPassword });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** What the reset page shows before a password is chosen: whose account, and why the link was sent. */
export const passwordTokenPreview = z.object({
  email: z.string(),
  name: z.string(),
  purpose: z.enum(['reset', 'invite']),
});
export type PasswordTokenPreview = z.infer<typeof passwordTokenPreview>;
export const passwordTokenCheckBody = z.object({ token });
