/** A catalog's shape with its literal strings widened, so the other language must match it key for key. */
export type Widen<T> = T extends string
  ? string
  : T extends readonly string[]
    ? string[]
    : { [K in keyof T]: Widen<T[K]> };
