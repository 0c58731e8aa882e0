import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';

/**
 * The API reference, under the /api prefix: Swagger UI (@fastify/swagger-ui) at /api/docs, the
 * OpenAPI 3 document at /api/docs/json (and /api/docs/yaml). Public, as the document holds no data:
 * every route here is marked `config.public` for the authentication hook. The page's scripts and
 * styles are files of this origin, so the app's Content-Security-Policy applies unchanged.
 */
export const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, public: true };
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    indexPrefix: '/api',
    uiConfig: { docExpansion: 'list', deepLinking: true, displayRequestDuration: true },
    theme: { title: 'Refrigeration monitoring console API' },
  });
};
