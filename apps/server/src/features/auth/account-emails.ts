import type { Locale } from '@rcm/shared/locale';
import { renderActionEmail } from '../mail/action-email.ts';
import type { PasswordTokenPurpose } from './password-tokens-repo.ts';

type Copy = { subject: string; intro: (name: string) => string; action: string; expiry: string; ignore: string };

const COPY: Record<Locale, Record<PasswordTokenPurpose, Copy>> = {
  'en-US': {
    reset: {
      subject: 'Reset your password',
      intro: (name) => `Hello ${name}, someone asked to reset the password of your refrigeration console account.`,
      action: 'Choose a new password',
      expiry: 'This link can be used once and expires in 60 minutes.',
      ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
    },
    invite: {
      subject: 'Your refrigeration console account',
      intro: (name) => `Hello ${name}, an administrator created an account for you on the refrigeration console.`,
      action: 'Choose your password',
      expiry: 'This link can be used once and expires in 7 days.',
      ignore: 'If you did not expect this email, you can ignore it.',
    },
  },
  'es-MX': {
    reset: {
      subject: 'Restablece tu contraseña',
      intro: (name) =>
        `Hola ${name}, alguien pidió restablecer la contraseña de tu cuenta de la consola de refrigeración.`,
      action: 'Elegir una nueva contraseña',
      expiry: 'Este enlace se puede usar una sola vez y vence en 60 minutos.',
      ignore: 'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
    },
    invite: {
      subject: 'Tu cuenta de la consola de refrigeración',
      intro: (name) => `Hola ${name}, un administrador creó una cuenta para ti en la consola de refrigeración.`,
      action: 'Elegir tu contraseña',
      expiry: 'Este enlace se puede usar una sola vez y vence en 7 días.',
      ignore: 'Si no esperabas este correo, puedes ignorarlo.',
    },
  },
};

/** The "choose a password" email (a reset, or a new account's invitation) in the user's language. */
export function renderPasswordEmail(input: {
  locale: Locale;
  purpose: PasswordTokenPurpose;
  name: string;
  link: string;
}) {
  const copy = COPY[input.locale][input.purpose];
  return renderActionEmail({ ...copy, locale: input.locale, intro: copy.intro(input.name), link: input.link });
}
