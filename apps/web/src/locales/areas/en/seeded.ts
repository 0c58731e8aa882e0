import { SEEDED_NAMES } from '@rcm/shared/seeded';

/** The names the product seeds, in English exactly as stored (`@rcm/shared/seeded`). */
export const en = SEEDED_NAMES;
