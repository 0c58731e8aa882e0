import type { Widen } from '../../types.ts';
import type { en } from '../en/oncall.ts';

/** Guardias: a quién se avisó por una alarma. */
export const es: Widen<typeof en> = {
  paged: 'Avisos',
  pagesLoading: 'Cargando avisos…',
  pagesError: 'No se pudieron cargar los avisos.',
  pagesCaption: 'Personas avisadas por esta alarma',
  noPagesTitle: 'Nadie avisado',
  noPagesBody: 'La política de escalamiento de esta alarma todavía no ha avisado a nadie.',
  nobodyPaged:
    'Todavía no se ha avisado a nadie por esta alarma. Si sigue así, revisa que su tipo de alarma o su ubicación tengan una política de escalamiento y que la guardia tenga personas asignadas.',
  step: 'Paso',
  person: 'Persona',
  channel: 'Canal',
  status: 'Estado',
  at: 'Avisado el',
  removedUser: 'Usuario eliminado',
  channels: { email: 'Correo', sms: 'SMS', voice: 'Llamada', push: 'Notificación push', webhook: 'Webhook' },
  statuses: {
    queued: 'En cola',
    sent: 'Enviado',
    delivered: 'Entregado',
    failed: 'Fallido',
    acknowledged: 'Reconocido',
  },
};
