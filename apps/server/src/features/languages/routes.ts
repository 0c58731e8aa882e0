import { language } from '@rcm/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The interface languages of spec section 9; English is the default and the fallback. */
export const LANGUAGES = [
  { id: 1, name: 'English', iso6391: 'en', locale: 'en-US' },
  { id: 2, name: 'Español', iso6391: 'es', locale: 'es-MX' },
] as const;

export const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/languages',
    { config: { public: true }, schema: { response: { 200: z.object({ data: z.array(language) }) } } },
    async () => ({
      data: [...LANGUAGES],
    }),
  );
};
