/** The on-call screens' query keys. */
export const oncallKeys = {
  all: ['oncall'] as const,
  pages: (ref: number) => ['oncall', 'pages', ref] as const,
  warnings: ['oncall', 'warnings'] as const,
};
