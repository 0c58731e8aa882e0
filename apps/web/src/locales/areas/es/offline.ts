import type { Widen } from '../../types.ts';
import type { en } from '../en/offline.ts';

export const es: Widen<typeof en> = {
  description:
    'Controladores que dejaron de reportar, primero los que llevan más tiempo en silencio. Sus alarmas los mantienen en el tablero.',
  close: 'Cerrar panel',
  loading: 'Cargando controladores fuera de línea…',
  error: 'No se pudieron cargar los controladores fuera de línea.',
  emptyTitle: 'Todo está en línea',
  emptyBody: 'Todos los controladores que puedes ver están reportando.',
  count_one: '{{count}} controlador fuera de línea',
  count_other: '{{count}} controladores fuera de línea',
  lastSeen: 'Visto por última vez {{when}}',
  neverSeen: 'Nunca visto',
  activeAlarms_one: '{{count}} alarma abierta',
  activeAlarms_other: '{{count}} alarmas abiertas',
};
