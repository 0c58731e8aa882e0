import type { Locale } from '@rcm/shared/locale';
import { renderActionEmail } from '../mail/action-email.ts';

const COPY: Record<
  Locale,
  {
    subject: (org: string) => string;
    intro: (inviter: string, org: string) => string;
    action: string;
    expiry: string;
    ignore: string;
  }
> = {
  'en-US': {
    subject: (org) => `You are invited to join ${org}`,
    intro: (inviter, org) => `${inviter} invited you to join ${org} on the refrigeration monitoring console.`,
    action: 'Accept the invitation',
    expiry: 'This link can be used once and expires in 7 days.',
    ignore: 'If you did not expect this invitation, you can ignore this email.',
  },
  'es-MX': {
    subject: (org) => `Te invitaron a unirte a ${org}`,
    intro: (inviter, org) => `${inviter} te invitó a unirte a ${org} en la consola de monitoreo de refrigeración.`,
    action: 'Aceptar la invitación',
    expiry: 'Este enlace se puede usar una sola vez y vence en 7 días.',
    ignore: 'Si no esperabas esta invitación, puedes ignorar este correo.',
  },
};

/** The invitation email in the invitee's language: subject, HTML and plain text with the accept link. */
export function renderInvitationEmail(input: { locale: Locale; organization: string; inviter: string; link: string }) {
  const copy = COPY[input.locale];
  return renderActionEmail({
    locale: input.locale,
    subject: copy.subject(input.organization),
    intro: copy.intro(input.inviter, input.organization),
    action: copy.action,
    link: input.link,
    expiry: copy.expiry,
    ignore: copy.ignore,
  });
}
