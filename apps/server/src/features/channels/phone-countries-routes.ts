import { phoneCountriesBody, phoneCountriesView } from '@rcm/shared/channels';
import { idParams } from '@rcm/shared/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import { auditActor, type ChangeDeps } from '../audit/repo.ts';
import { can } from '../auth/can.ts';
import { needs, requireAuth } from '../auth/guard.ts';
import { holdsOrganization, scopeFor } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import { isPhoneCountry } from './countries.ts';
import type { VerificationGuard } from './verification-guard.ts';
import type { VerificationRepo } from './verification-repo.ts';

const response = { 200: z.object({ data: phoneCountriesView }) };
const DAY_MS = 24 * 3_600_000;

/** An organization's countries for SMS and calls, and its last day of verification codes (sent, refused). */
export function phoneCountriesRoutes(
  deps: ChangeDeps & {
    repo: VerificationRepo;
    guard: VerificationGuard;
  },
): FastifyPluginAsyncZod {
  const { repo } = deps;

  async function view(id: number) {
    const countries = await repo.phoneCountries(id);
    if (countries === undefined) throw notFound();
    return {
      countries,
      default_countries: await deps.guard.defaultCountries(id),
      last_day: await repo.organizationCounts(id, new Date(deps.now().getTime() - DAY_MS)),
    };
  }

  function readable(ctx: AuthContext, id: number) {
    const scope = scopeFor(ctx, 'organizations');
    if (!scope || !holdsOrganization(scope, id)) throw notFound();
  }

  return async (app) => {
    app.get(
      '/organizations/:id/phone-countries',
      {
        config: needs('organization.list'),
        schema: {
          summary: 'The countries its people’s numbers may be in for SMS and calls',
          params: idParams,
          response,
        },
      },
      async (request) => {
        readable(requireAuth(request), request.params.id);
        return { data: await view(request.params.id) };
      },
    );
    app.put(
      '/organizations/:id/phone-countries',
      {
        config: needs('organization.edit'),
        schema: {
          summary: 'Set the countries for SMS and calls (null: its locations’ countries)',
          params: idParams,
          body: phoneCountriesBody,
          response,
        },
      },
      async (request) => {
        const ctx = requireAuth(request);
        const id = request.params.id;
        if (!can(ctx, 'organization.edit', { organizationId: id })) throw notFound();
        const before = await repo.phoneCountries(id);
        if (before === undefined) throw notFound();
        const countries = request.body.countries === null ? null : [...new Set(request.body.countries)].sort();
        const unknown = (request.body.countries ?? []).flatMap((c, i) => (isPhoneCountry(c) ? [] : [i]));
        if (unknown.length > 0)
          throw new AppError(422, 'validation_failed', {
            fields: unknown.map((i) => ({ field: `countries.${i}`, key: 'phone_country_unknown' })),
          });
        await deps.audit.recordChange(deps.db, auditActor(ctx), (tx) => repo.setPhoneCountries(id, countries, tx), {
          organizationId: id,
          action: 'organization.update',
          subjectType: 'organization',
          subjectId: id,
          before: { phone_countries: before },
          after: { phone_countries: countries },
        });
        return { data: await view(id) };
      },
    );
  };
}
