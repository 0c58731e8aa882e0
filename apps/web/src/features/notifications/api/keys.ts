/** The email notifications' query keys: `emails` covers every page of every table. */
export const notificationKeys = {
  all: ['notifications'] as const,
  emails: ['notifications', 'emails'] as const,
  emailPage: (source: object, page: number) => ['notifications', 'emails', source, page] as const,
  preferences: ['notifications', 'preferences'] as const,
};
