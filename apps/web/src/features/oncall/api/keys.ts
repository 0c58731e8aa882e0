/** The on-call screens' query keys: `all` covers schedules, who is on call now, rotas and pages. */
export const oncallKeys = {
  all: ['oncall'] as const,
  pages: (ref: number) => ['oncall', 'pages', ref] as const,
  warnings: ['oncall', 'warnings'] as const,
  schedules: ['oncall', 'schedules'] as const,
  now: ['oncall', 'now'] as const,
  shifts: (id: number, from: Date, to: Date) => ['oncall', 'shifts', id, from.toISOString(), to.toISOString()] as const,
};

/** The escalation policies' query keys: `all` covers every list. */
export const escalationPolicyKeys = {
  all: ['escalation-policies'] as const,
  list: ['escalation-policies', 'list', { per_page: 100 }] as const,
};
