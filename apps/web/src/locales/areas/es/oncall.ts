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
  warningsTitle_one: '1 tipo de alarma alta o crítica no avisaría a nadie',
  warningsTitle_other: '{{count}} tipos de alarma altos o críticos no avisarían a nadie',
  warningsMore_one: 'Y 1 organización más.',
  warningsMore_other: 'Y {{count}} organizaciones más.',
  warningsHint:
    'Su política de escalamiento no llega a nadie que pueda ver estas alarmas: agrega miembros a la organización, asigna personas a la guardia o elige otra política.',
  warningsLink: 'Tipos de alarma',
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
