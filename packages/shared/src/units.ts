/**
 * Masses as refrigerant records keep them (kilograms) and as people read them. A module without zod:
 * the console's formatting helpers, and so its first page, use it.
 */
export const MASS_UNITS = ['lb', 'kg'] as const;
export type MassUnit = (typeof MASS_UNITS)[number];
export const KG_PER_LB = 0.45359237;
export const toKg = (m: { value: number; unit: MassUnit }) => (m.unit === 'kg' ? m.value : m.value * KG_PER_LB);
export const fromKg = (kg: number, unit: MassUnit) => (unit === 'kg' ? kg : kg / KG_PER_LB);

/** The console shows masses in pounds in US English and kilograms in Mexican Spanish. */
export const massUnitFor = (locale: string): MassUnit => (locale === 'en-US' ? 'lb' : 'kg');
