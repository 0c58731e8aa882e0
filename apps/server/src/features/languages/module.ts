import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageRoutes } from './routes.ts';

/** The interface languages: a fixed list, nothing from the context. */
export function languagesModule(): FastifyPluginAsyncZod {
  return languageRoutes;
}
