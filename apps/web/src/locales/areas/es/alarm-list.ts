import type { Widen } from '../../types.ts';
import type { en } from '../en/alarm-list.ts';

/** Las vistas de un toque de la lista de alarmas en el teléfono. */
export const es: Widen<typeof en> = {
  quickFilters: 'Filtros rápidos',
  quick_active: 'Activas',
  quick_critical: 'Críticas',
  quick_mine: 'Mías',
  notesBy: 'Guardadas por última vez por {{name}}, {{time}}',
};
