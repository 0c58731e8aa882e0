import type { Locale } from '@rcm/shared/locale';

/** Import messages that carry a value (the shared field catalog holds plain strings only). */
export const IMPORT_MESSAGES: Record<
  Locale,
  {
    duplicateInFile: (row: number) => string;
    organizationUnknown: (name: string) => string;
    organizationForbidden: (name: string) => string;
  }
> = {
  'en-US': {
    duplicateInFile: (row) => `This part number is already in row ${row} of the file.`,
    organizationUnknown: (name) => `No organization is called “${name}”.`,
    organizationForbidden: (name) => `You cannot change the inventory of ${name}.`,
  },
  'es-MX': {
    duplicateInFile: (row) => `Este número de parte ya está en la fila ${row} del archivo.`,
    organizationUnknown: (name) => `Ninguna organización se llama “${name}”.`,
    organizationForbidden: (name) => `No puedes cambiar el inventario de ${name}.`,
  },
};
