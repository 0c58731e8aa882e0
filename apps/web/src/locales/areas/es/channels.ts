import type { Widen } from '../../types.ts';
import type { en } from '../en/channels.ts';

/** Canales: enlaces para reconocer con un toque. */
export const es: Widen<typeof en> = {
  ack: {
    loadingTitle: 'Cargando la alarma…',
    title: 'Alarma #{{ref}}',
    for: 'Enviado a {{name}}',
    invalidTitle: 'Este enlace no funciona',
    invalid:
      'Este enlace para reconocer no existe o ya venció (los enlaces funcionan 24 horas). Abre la consola para atender la alarma.',
    forbidden: 'Ya no puedes reconocer esta alarma. Pregunta a tu administrador si es un error.',
    status: 'Estado',
    what: 'Qué',
    where: 'Dónde',
    since: 'Desde',
    submit: 'Reconocer',
    submitting: 'Reconociendo…',
    done: 'Reconocida. No se avisará a nadie más por esta alarma.',
    used: 'Este enlace ya se usó: la alarma está reconocida.',
    already_acknowledged: 'Alguien ya reconoció esta alarma.',
    already_cleared: 'Esta alarma ya está resuelta: no hay nada que reconocer.',
    open: 'Abrir la alarma en la consola',
    signIn: 'Inicia sesión para ver la alarma en la consola',
  },
};
