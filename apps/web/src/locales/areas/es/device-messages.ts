import type { Widen } from '../../types.ts';
import type { en } from '../en/device-messages.ts';

/** Los mensajes de los dispositivos: los ejemplos de la página Conectar y los mensajes rechazados de un controlador. */
export const es: Widen<typeof en> = {
  examplesTitle: 'Mensajes',
  examplesHint:
    'Un objeto JSON por mensaje, igual por MQTT y por HTTP. msg_id es único por mensaje (uno reenviado se guarda una vez); ts es una hora ISO 8601 con su desfase.',
  example: {
    status: 'Mensaje de estado',
    telemetry: 'Mensaje de telemetría',
    alarms: 'Mensaje de alarma',
  },
  refusedHint:
    'Un mensaje que no es JSON o no tiene la forma de su canal se rechaza: por MQTT se confirma y se descarta, por HTTP se responde 422. La página del controlador los cuenta y muestra el último.',
  plainHttpTitle: 'Esta dirección es HTTP sin cifrar',
  plainHttp:
    'Los controladores quedan en modo seguro al autorizarse: por HTTP sin cifrar sus mensajes se rechazan con 403 tls_required. Pon TLS delante de la consola (un proxy inverso que pase X-Forwarded-Proto, ver deploy/) y define PUBLIC_URL con su dirección https://; esta página la mostrará entonces. Un controlador que no puede usar TLS: desactiva el modo seguro en su página de edición una vez autorizado.',
  refusedTitle: 'Mensajes rechazados',
  refusedCount_one: 'Se rechazó {{count}} mensaje de este controlador.',
  refusedCount_other: 'Se rechazaron {{count}} mensajes de este controlador.',
  refusedLast: 'El último: {{at}}, canal {{channel}}. {{why}}',
  refusedField: 'Campo «{{field}}»: {{problem}}.',
  refusedWhole: 'El mensaje completo: {{problem}}.',
  refusedFormat: 'El formato de los mensajes está en «Conectar un controlador».',
  channel: {
    status: 'de estado',
    telemetry: 'de telemetría',
    alarms: 'de alarmas',
  },
  reason: {
    too_large: 'mayor de 256 KB',
  },
  problem: {
    not_json: 'no es JSON',
    invalid_type: 'falta o es de un tipo incorrecto',
    too_big: 'demasiado largo o demasiado grande',
    too_small: 'demasiado corto, vacío o demasiado pequeño',
    invalid_value: 'no es uno de los valores permitidos',
    invalid_format: 'tiene un formato incorrecto',
    unrecognized_keys: 'campos que no conoce',
    custom: 'un carácter que no puede guardar',
    other: 'no se acepta',
  },
};
