import { z } from 'zod';

/** The kinds of things one search box finds, in the order the results page shows them. */
export const SEARCH_KINDS = [
  'controllers',
  'organizations',
  'locations',
  'alarms',
  'jobs',
  'inventory',
  'users',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** GET /api/search?q=: the text a user typed; whitespace trimmed. */
export const searchQuery = z.object({
  q: z.string().trim().min(1).max(100),
  /** How many hits per kind. */
  limit: z.coerce.number().int().min(1).max(25).default(8),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchHit = z.object({
  id: z.number().int(),
  /** What the hit is called: a controller's name or MAC, an alarm's ref, a user's name. */
  title: z.string(),
  /** Where or what it is: a location, an organization, an email. */
  subtitle: z.string().nullable(),
  /** A route parameter other than `id`: an alarm's ref, a location's organization id. */
  ref: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchGroup = z.object({ kind: z.enum(SEARCH_KINDS), items: z.array(searchHit) });
export type SearchGroup = z.infer<typeof searchGroup>;

/** Only the kinds the caller may see are present; a present kind with no items matched nothing. */
export const searchResponse = z.object({ data: z.object({ q: z.string(), groups: z.array(searchGroup) }) });
export type SearchResponse = z.infer<typeof searchResponse>;
