import { listMeta } from '@rcm/shared/pagination';
import { z } from 'zod';

/** A settings list's 200 answer: a page of items and its `meta`. */
export const list = <T extends z.ZodType>(item: T) => ({ 200: z.object({ data: z.array(item), meta: listMeta }) });
/** A settings record's 200 answer. */
export const one = <T extends z.ZodType>(item: T) => ({ 200: z.object({ data: item }) });
