import { type SearchGroup, searchQuery, searchResponse } from '@rcm/shared/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { needs, requireAuth } from '../auth/guard.ts';
import { scopeFor } from '../auth/scope.ts';
import { prepareTerm, type SearchProvider } from './providers.ts';
import type { SearchRepo } from './repo.ts';

/**
 * One box, every kind the caller may see (`GET /api/search?q=`). Each kind runs its own
 * scoped, index-backed query; kinds the caller may not see are left out rather than returned empty.
 */
export function searchRoutes(deps: { repo: SearchRepo; providers: readonly SearchProvider[] }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/search',
      { config: needs('search.use'), schema: { querystring: searchQuery, response: { 200: searchResponse } } },
      async (request) => {
        const ctx = requireAuth(request);
        const term = prepareTerm(request.query.q, request.locale);
        const limit = request.query.limit;
        const visible = deps.providers.flatMap((p) => {
          const scope = scopeFor(ctx, p.domain);
          return scope ? [{ p, scope }] : [];
        });
        const groups = await deps.repo.inSearchTransaction(async (tx) => {
          const out: SearchGroup[] = [];
          for (const { p, scope } of visible) out.push({ kind: p.kind, items: await p.run(tx, term, scope, limit) });
          return out;
        });
        return { data: { q: term.text, groups } };
      },
    );
  };
}
