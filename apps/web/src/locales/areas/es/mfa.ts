import type { Widen } from '../../types.ts';
import type { en } from '../en/mfa.ts';

/** Segundos factores al iniciar sesión: el segundo paso, la inscripción, la app de autenticación y los códigos de recuperación. */
export const es: Widen<typeof en> = {
  step: {
    title: 'Verificación en dos pasos',
    totpIntro: 'Escribe el código de 6 dígitos de tu app de autenticación.',
    recoveryIntro: 'Escribe uno de los códigos de recuperación que guardaste. Cada código sirve una vez.',
    code: 'Código de autenticación',
    recoveryCode: 'Código de recuperación',
    verify: 'Verificar',
    verifying: 'Verificando…',
    useRecovery: 'Usar un código de recuperación',
    useTotp: 'Usar tu app de autenticación',
    startOver: 'Empezar de nuevo',
    usePasskey: 'Usar una llave de acceso',
    waitingForPasskey: 'Esperando tu llave de acceso…',
    passkeyIntro: 'Confirma que eres tú con tu llave de acceso.',
  },
  passkey: {
    canceled: 'La solicitud de la llave de acceso se canceló o expiró. Puedes intentarlo de nuevo.',
    registered: 'Este dispositivo ya tiene una llave de acceso para tu cuenta.',
    unsupported: 'Este navegador no puede usar llaves de acceso. Usa otra forma u otro navegador.',
    failed: 'No se pudo usar tu llave de acceso. Inténtalo de nuevo o usa otra forma.',
  },
  enroll: {
    title: 'Configura la verificación en dos pasos',
    required: 'Tu organización exige un segundo factor para iniciar sesión.',
    start: 'Configurar una app de autenticación',
    passkey: 'Agregar una llave de acceso',
    passkeyIntro:
      'Una llave de acceso te permite iniciar sesión con la huella, el rostro o el bloqueo de pantalla de este dispositivo.',
    passkeyLabel: 'Llave de acceso',
  },
  setup: {
    scan: 'Escanea este código QR con una app de autenticación (como Microsoft Authenticator, Google Authenticator o 1Password) y escribe el código de 6 dígitos que muestra.',
    qrAlt: 'Código QR para agregar esta cuenta a una app de autenticación',
    manual: '¿No puedes escanearlo? Escribe esta clave en la app:',
    code: 'Código de la app',
    verify: 'Verificar',
    verifying: 'Verificando…',
  },
  codes: {
    title: 'Guarda tus códigos de recuperación',
    intro:
      'Si pierdes tu teléfono, cada uno de estos códigos te permite iniciar sesión una vez. Solo se muestran ahora: cópialos o descárgalos y guárdalos en un lugar seguro.',
    list: 'Códigos de recuperación',
    copy: 'Copiar códigos',
    copied: 'Códigos de recuperación copiados.',
    download: 'Descargar códigos',
    fileName: 'codigos-de-recuperacion.txt',
    fileHeading: 'Códigos de recuperación de Refrigeration Console para {{email}}',
    done: 'Ya los guardé, continuar',
  },
};
