import type { Locale } from '@rcm/shared/locale';
import type { AuthContext } from '../features/auth/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    auth: AuthContext | null;
  }
}
