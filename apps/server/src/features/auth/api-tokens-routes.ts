import {
  apiToken,
  apiTokenBody,
  apiTokenCreated,
  apiTokenListQuery,
  reauthAnswer,
  reauthBody,
} from '@rcm/shared/api-tokens';
import { pagedList } from '@rcm/shared/pagination';
import { idParams } from '@rcm/shared/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTokensService } from './api-tokens-service.ts';
import { needs, requireSession } from './guard.ts';
import type { Reauth } from './reauth.ts';

/** Re-authentication, and integration tokens under Settings (a person only: a token manages no token). */
export function apiTokenRoutes(deps: {
  tokens: ApiTokensService;
  reauth: Reauth;
  rateLimit: { max: number; timeWindow: string };
}): FastifyPluginAsyncZod {
  const { tokens, reauth } = deps;
  const personOnly = { personOnly: true as const, ...needs('apiToken.manage') };
  return async (app) => {
    app.post(
      '/auth/reauth',
      {
        schema: { body: reauthBody, response: { 200: z.object({ data: reauthAnswer }) } },
        config: { rateLimit: deps.rateLimit },
      },
      async (request) => ({ data: await reauth.withProof(requireSession(request), request.body) }),
    );

    app.get(
      '/settings/api-tokens',
      { config: personOnly, schema: { querystring: apiTokenListQuery, response: { 200: pagedList(apiToken) } } },
      async (request) => tokens.list(requireSession(request), request.query.page, request.query.per_page),
    );

    app.post(
      '/settings/api-tokens',
      { config: personOnly, schema: { body: apiTokenBody, response: { 201: apiTokenCreated } } },
      async (request, reply) => reply.status(201).send(await tokens.create(requireSession(request), request.body)),
    );

    app.delete(
      '/settings/api-tokens/:id',
      { config: personOnly, schema: { params: idParams } },
      async (request, reply) => {
        await tokens.revoke(requireSession(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
