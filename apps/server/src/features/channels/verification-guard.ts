import { AppError } from '../../lib/errors.ts';
import type { FieldMessageKey } from '../../lib/messages.ts';
import { can } from '../auth/can.ts';
import type { AuthContext } from '../auth/service.ts';
import { countriesOf, countryOf } from './countries.ts';
import type { VerificationRepo } from './verification-repo.ts';

/** Verification codes (SMS or calls) a person may be sent in 24 hours, and all of an organization's people. */
export const CODES_PER_PERSON_DAY = 5;
export const CODES_PER_ORGANIZATION_DAY = 50;
const DAY_MS = 24 * 3_600_000;

const fieldError = (field: string, key: FieldMessageKey) =>
  new AppError(422, 'validation_failed', { fields: [{ field, key }] });

/**
 * What stands between a signed-in person and a code sent at the console's expense (toll fraud): only
 * people who can be paged (they see alarms) add numbers, only in the organization's countries, a few
 * a day per person and per organization. Every code asked for is recorded, sent or refused and why.
 */
export function createVerificationGuard(deps: { repo: VerificationRepo; from: string | null; now: () => Date }) {
  const { repo, now } = deps;

  /** Its locations' countries and the console's sending number's (null: every organization's locations). */
  async function defaultCountries(organizationId: number | null): Promise<string[]> {
    return countriesOf([...(await repo.locationPhones(organizationId)), ...(deps.from ? [deps.from] : [])]);
  }

  async function allowedCountries(organizationId: number | null): Promise<string[]> {
    const set = organizationId === null ? null : await repo.phoneCountries(organizationId);
    return set ?? defaultCountries(organizationId);
  }

  return {
    defaultCountries,

    /** Before a code goes to `address`: records the send, or records the refusal and throws it. */
    async admit(ctx: AuthContext, m: { type: 'sms' | 'voice'; address: string }): Promise<void> {
      const organizationId = ctx.user.organizationId ?? null;
      const country = countryOf(m.address);
      const entry = { userId: ctx.user.id, organizationId, type: m.type, country, at: now() };
      const refuse = async (refused: 'not_pageable' | 'country' | 'user_limit' | 'organization_limit', err: Error) => {
        await repo.record({ ...entry, refused });
        throw err;
      };
      if (!can(ctx, 'alarm.view')) await refuse('not_pageable', new AppError(403, 'not_pageable'));
      if (!country || !(await allowedCountries(organizationId)).includes(country))
        await refuse('country', fieldError('address', 'phone_country_not_allowed'));
      const since = new Date(now().getTime() - DAY_MS);
      if ((await repo.sentByUser(ctx.user.id, since)) >= CODES_PER_PERSON_DAY)
        await refuse('user_limit', new AppError(429, 'verification_limit'));
      if ((await repo.organizationCounts(organizationId, since)).sent >= CODES_PER_ORGANIZATION_DAY)
        await refuse('organization_limit', new AppError(429, 'verification_limit_organization'));
      await repo.record({ ...entry, refused: null });
    },
  };
}

export type VerificationGuard = ReturnType<typeof createVerificationGuard>;
