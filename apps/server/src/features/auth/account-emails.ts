import type { Locale } from '@rcm/shared/locale';
import { escapeHtml, renderActionEmail } from '../mail/action-email.ts';
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

const SIGNING_ALERT: Record<
  Locale,
  { subject: string; body: (who: string, failures: number, minutes: number) => string; action: string; advice: string }
> = {
  'en-US': {
    subject: 'Failed signature confirmations',
    body: (who, failures, minutes) =>
      `${who} failed to confirm their identity for a HACCP signature ${failures} times within ${minutes} minutes.`,
    action: 'Open the audit log',
    advice: 'If it was not them, end their sessions and have them choose a new password.',
  },
  'es-MX': {
    subject: 'Confirmaciones de firma fallidas',
    body: (who, failures, minutes) =>
      `${who} no pudo confirmar su identidad para una firma HACCP ${failures} veces en ${minutes} minutos.`,
    action: 'Abrir el registro de auditoría',
    advice: 'Si no fue esa persona, cierra sus sesiones y pídele que elija una contraseña nueva.',
  },
};

/** An administrator's alert: a person failed to re-authenticate for a signature several times in a row. */
export function renderSigningAlertEmail(input: {
  locale: Locale;
  name: string;
  email: string;
  failures: number;
  minutes: number;
  link: string;
}) {
  const copy = SIGNING_ALERT[input.locale];
  const body = copy.body(`${input.name} (${input.email})`, input.failures, input.minutes);
  const html = `<!doctype html><html lang="${input.locale}"><body style="font-family:sans-serif;color:#0f172a">
<p>${escapeHtml(body)}</p>
<p>${escapeHtml(copy.advice)}</p>
<p><a href="${escapeHtml(input.link)}">${escapeHtml(copy.action)}</a></p>
</body></html>`;
  const text = `${body}\n\n${copy.advice}\n\n${copy.action}: ${input.link}\n`;
  return { subject: copy.subject, html, text };
}
