import type { Widen } from '../../types.ts';
import type { en } from '../en/login.ts';

/** Iniciar sesión: la página de acceso y sus mensajes. */
export const es: Widen<typeof en> = {
  title: 'Inicia sesión en tu cuenta',
  subtitle: 'Supervisa racks, alarmas y trabajos de servicio en todas tus tiendas.',
  email: 'Correo electrónico',
  password: 'Contraseña',
  staySignedIn: 'Mantener la sesión iniciada',
  submit: 'Iniciar sesión',
  submitting: 'Iniciando sesión…',
  sessionEnded: 'Tu sesión terminó. Vuelve a iniciar sesión.',
  or: 'o',
  passkey: 'Iniciar sesión con una llave de acceso',
  sso: {
    button: 'Iniciar sesión con inicio de sesión único',
    title: 'Iniciar sesión con inicio de sesión único',
    intro: 'Escribe tu correo de trabajo: te enviamos al proveedor de identidad de tu organización.',
    email: 'Correo de trabajo',
    continue: 'Continuar',
    continuing: 'Buscando tu organización…',
    notFound: 'No hay inicio de sesión único para este correo. Inicia sesión con tu contraseña.',
    usePassword: 'Iniciar sesión con contraseña',
    completing: 'Completando tu inicio de sesión…',
    failedTitle: 'El inicio de sesión único no te autenticó',
    backToSignIn: 'Volver a iniciar sesión',
    errors: {
      sso_not_completed:
        'El inicio de sesión único no se completó o expiró. Empieza de nuevo desde la página de inicio de sesión.',
      sso_unavailable:
        'No se pudo contactar al proveedor de identidad. Inténtalo en un momento o consulta a tu administrador.',
    },
  },
};
