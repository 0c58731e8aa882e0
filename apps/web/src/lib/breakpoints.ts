/** Tailwind's `sm` breakpoint: below it the console lays lists out for a phone. */
export const PHONE_QUERY = '(max-width: 639.98px)';
