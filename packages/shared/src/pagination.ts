import { z } from 'zod';

/** The `meta` of every paged list: the page shown, its size, how many rows match, the last page (at least 1). */
export const listMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type ListMeta = z.infer<typeof listMeta>;

/** A page of a list as the API answers it. */
export type Paged<T> = { data: T[]; meta: ListMeta };

/** `?page=&per_page=` of a list: pages from 1; `per_page` defaults to `perPage`, at most `max`. */
export function pageQuery(perPage: number, max = 100) {
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce.number().int().min(1).max(max).default(perPage),
  });
}

/** The most rows a picker asks for in one page (pickers offer every row, not a page of them). */
export const PICKER_PER_PAGE = 500;

/** A paged list of `row`: `{data, meta}`. */
export const pagedList = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), meta: listMeta });

/** A list page's `meta` from its query and the number of matching rows. */
export function pageMeta(page: number, perPage: number, total: number): ListMeta {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** A page of rows held in memory, with its `meta`. */
export function pageOf<T>(rows: readonly T[], q: { page: number; per_page: number }): { data: T[]; meta: ListMeta } {
  return {
    data: rows.slice((q.page - 1) * q.per_page, q.page * q.per_page),
    meta: pageMeta(q.page, q.per_page, rows.length),
  };
}
