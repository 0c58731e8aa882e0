import type { Locale } from '@rcm/shared/locale';
import type { Action } from '@rcm/shared/policies';
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
    /**
     * The actions of which the caller may take at least one to get anywhere (auth/guard.ts `needs`):
     * checked right after the session, so a caller who may take none gets 403 before validation.
     */
    actions?: readonly Action[];
    /**
     * A person only: an integration token is refused 403 `token_not_allowed`, or `token_cannot_sign` for
     * a signature (auth/guard.ts checkTokenAllowed), and an impersonated session a signature (403
     * `impersonation_cannot_sign`, checkSigner), before validation.
     */
    personOnly?: true | 'signature';
  }
}
