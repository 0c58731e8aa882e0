import type { Locale } from '@rcm/shared/locale';
import { type ExportLabels, en } from './labels-en.ts';
import { es } from './labels-es.ts';

/** Titles, headings and column headers of the exports, per language (the SPA has its own catalog). */
export const EXPORT_LABELS: Record<Locale, ExportLabels> = { 'en-US': en, 'es-MX': es };
