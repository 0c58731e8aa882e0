/** What the reference adds to an operation: its summary, and error answers added or left out. */
export type OperationNote = { summary: string; add?: number[]; omit?: number[] };

/** An operation of one's own account or session: no permission is needed, so no 403. */
export const self = { omit: [403] };
