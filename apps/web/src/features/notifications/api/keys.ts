/** The email notifications' query keys: `emails` covers every page of every table. */
export const notificationKeys = {
  all: ['notifications'] as const,
  emails: ['notifications', 'emails'] as const,
  emailPage: (source: object, page: number) => ['notifications', 'emails', source, page] as const,
  preferences: ['notifications', 'preferences'] as const,
  /** The mail server's settings and state (Settings → Email). */
  mailSettings: ['notifications', 'mail-settings'] as const,
};
