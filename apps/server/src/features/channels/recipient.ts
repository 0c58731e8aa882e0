import type { Locale } from '@rcm/shared/locale';

/** A person a message goes to, in their language and time zone. */
export type Recipient = { userId: number; email: string; locale: Locale; timeZone: string };

/** The time zone of a member without saved preferences. */
export const DEFAULT_TIME_ZONE = 'America/Chicago';
