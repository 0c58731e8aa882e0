import { toIso } from '../../lib/sql.ts';

/** A count or figure as the driver returns it (string for bigint and numeric), 0 when absent. */
export const num = (v: unknown): number => Number(v ?? 0);
/** A figure, or null when the column is null. */
export const numOrNull = (v: unknown): number | null => (v == null ? null : Number(v));
/** A timestamp column as an ISO instant, '' when absent. */
export const iso = (v: unknown): string => toIso(v) ?? '';
