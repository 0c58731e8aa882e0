import type { Locale } from '@rcm/shared/locale';
import type { AuthContext } from './context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** The handler resolves the session itself, with its read (auth/guard.ts authenticatedRead). */
    authInHandler?: boolean;
    /** Answers without a signed-in user (sign-in, setup, password links, devices, webhooks, probes). */
    public?: boolean;
  }
}
