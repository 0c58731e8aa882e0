import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiDocsRoutes } from './routes.ts';

/** The API reference: registered last, it reads the document the other features' routes made. */
export function apiDocsModule(): FastifyPluginAsyncZod {
  return apiDocsRoutes;
}
