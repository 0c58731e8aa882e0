import type { Locale } from '@rcm/shared/locale';

/** Import messages that carry a value (the shared field catalog holds plain strings only). */
export const IMPORT_MESSAGES: Record<Locale, { duplicateInFile: (row: number) => string }> = {
  'en-US': { duplicateInFile: (row) => `This part number is already in row ${row} of the file.` },
  'es-MX': { duplicateInFile: (row) => `Este número de parte ya está en la fila ${row} del archivo.` },
};
