import type { Widen } from '../../types.ts';
import type { en } from '../en/mfa-account.ts';

/** Segundos factores en las páginas con sesión: la sección de la cuenta, la reautenticación, la política y el restablecimiento. */
export const es: Widen<typeof en> = {
  section: {
    title: 'Verificación en dos pasos',
    intro:
      'Un segundo factor protege tu cuenta si te roban la contraseña: al iniciar sesión también se pide un código de tu teléfono.',
    required: 'Tu organización exige un segundo factor.',
    none: 'Aún no tienes un segundo factor.',
    list: 'Tus segundos factores',
    kinds: { totp: 'App de autenticación', webauthn: 'Llave de acceso' },
    detail: 'Agregado {{created}} · último uso {{used}}',
    neverUsed: 'nunca',
    add: 'Agregar una app de autenticación',
    addTitle: 'Agregar una app de autenticación',
    added: 'App de autenticación agregada.',
    remove: 'Quitar',
    removeTitle: '¿Quitar {{label}}?',
    removeBody:
      'Ya no se pedirá al iniciar sesión. Por seguridad, se cierran tus otras sesiones y se revocan tus tokens de integración.',
    removed: 'Segundo factor quitado.',
    codesLeft_zero: 'No te quedan códigos de recuperación: genera nuevos.',
    codesLeft_one: 'Te queda {{count}} código de recuperación.',
    codesLeft_other: 'Te quedan {{count}} códigos de recuperación.',
    regenerate: 'Generar nuevos códigos de recuperación',
    regenerateTitle: 'Nuevos códigos de recuperación',
    regenerated: 'Se generaron nuevos códigos de recuperación; los anteriores ya no sirven.',
  },
  reauth: {
    title: 'Confirma que eres tú',
    intro: 'Por tu seguridad, confirma que eres tú antes de cambiar tus segundos factores.',
    password: 'Contraseña',
    code: 'Código de tu app de autenticación o un código de recuperación',
    usePassword: 'Usar tu contraseña',
    useCode: 'Usar un código',
    confirm: 'Continuar',
    confirming: 'Comprobando…',
  },
  policy: {
    title: 'Seguridad',
    intro: 'Cómo inicia sesión la gente de esta organización y quién más puede verla.',
    requireMfa: 'Segundo factor',
    requireOptions: {
      off: 'No obligatorio',
      all: 'Obligatorio para todos',
      roles: 'Obligatorio para las personas con estos roles',
    },
    roles: 'Roles que necesitan un segundo factor',
    allowedMethods: 'Segundos factores que se pueden usar',
    methods: { totp: 'App de autenticación (TOTP)', webauthn: 'Llave de acceso o de seguridad (WebAuthn)' },
    idle: 'Cerrar sesiones sin uso durante (minutos)',
    idleHint: 'Vacío: sin límite de inactividad. De 5 minutos a 7 días.',
    max: 'Cerrar sesiones después de (horas)',
    maxHint:
      'Vacío: las sesiones duran hasta que vencen o se cierran (12 horas, o 14 días con “mantener la sesión iniciada”).',
    supportAccess: 'Acceso de soporte de la empresa de servicio',
    supportAccessOwn: 'Solo los administradores de esta organización cambian quién más puede acceder a ella.',
    supportOptions: {
      always: 'Siempre',
      grant: 'Solo mientras haya una autorización de soporte vigente',
      never: 'Nunca',
    },
    save: 'Guardar política de seguridad',
    saving: 'Guardando…',
    saved: 'Política de seguridad guardada.',
    readOnly: 'Solo los administradores que gestionan usuarios pueden cambiar esto.',
  },
  admin: {
    column: 'Segundo factor',
    enrolled: 'Configurado',
    notEnrolled: 'Sin configurar',
    title: 'Verificación en dos pasos',
    reset: 'Restablecer segundos factores',
    resetTitle: '¿Restablecer los segundos factores de {{name}}?',
    resetBody:
      'Se quitan sus apps de autenticación, llaves de acceso y códigos de recuperación, y se cierran sus sesiones y tokens de integración. Inicia sesión con su contraseña y, donde se exija, configura un nuevo factor.',
    resetDone: 'Se restablecieron los segundos factores de {{name}}.',
  },
};
