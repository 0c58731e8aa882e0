/** A route's search params as the router hands them over, before each route's `validateSearch`. */
export type Raw = Record<string, unknown>;

/** A positive whole number (an id, a page), else undefined. */
export const positive = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** A list's page after the first (the first is the URL without one). */
export const laterPage = (v: unknown) => {
  const page = positive(v);
  return page && page > 1 ? page : undefined;
};

/** A short text, else undefined. */
export const shortText = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length < 200 ? v : undefined);

/** One of the values, else undefined. */
export const oneOf = <T extends string>(v: unknown, values: readonly T[]) =>
  values.includes(v as T) ? (v as T) : undefined;
