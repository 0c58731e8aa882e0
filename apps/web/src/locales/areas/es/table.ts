import type { Widen } from '../../types.ts';
import type { en } from '../en/table.ts';

/** La lista compartida (components/ui/data-table.tsx): sus estados y botones de orden. */
export const es: Widen<typeof en> = {
  retry: 'Reintentar',
  loadError: 'No se pudo cargar la lista.',
  emptyTitle: 'Aún no hay nada aquí',
  sortBy: 'Ordenar por {{column}}',
  actions: 'Acciones',
};
