import type { Locale } from '@rcm/shared/locale';
import { renderActionEmail } from '../mail/action-email.ts';

const COPY: Record<Locale, { subject: string; intro: string; action: string; expiry: string; ignore: string }> = {
  'en-US': {
    subject: 'Test message from the refrigeration console',
    intro:
      'This test message was sent from Settings → Email. The mail server works: alarm emails, invitations and purchase orders can reach people.',
    action: 'Open the console',
    expiry: 'Nothing needs to be done.',
    ignore: 'If you did not expect this email, tell your console’s administrator.',
  },
  'es-MX': {
    subject: 'Mensaje de prueba de la consola de refrigeración',
    intro:
      'Este mensaje de prueba se envió desde Configuración → Correo. El servidor de correo funciona: los correos de alarmas, invitaciones y órdenes de compra pueden llegar a las personas.',
    action: 'Abrir la consola',
    expiry: 'No hay que hacer nada.',
    ignore: 'Si no esperabas este correo, avísale al administrador de tu consola.',
  },
};

/** The message Settings → Email sends to check the mail server, in the administrator's language. */
export function renderTestEmail(input: { locale: Locale; publicUrl: string }) {
  return renderActionEmail({ ...COPY[input.locale], locale: input.locale, link: input.publicUrl });
}
