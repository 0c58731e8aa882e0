/** A price or total in US dollars, in the browser's number format. */
export const money = (v: number) => v.toLocaleString(undefined, { style: 'currency', currency: 'USD' });
